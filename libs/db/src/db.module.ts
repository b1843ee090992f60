import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { DATABASE_HANDLE, PrismaService } from './prisma.service.js';
import { openDatabase } from './database-adapter.js';

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => openDatabase(config.database),
    },
    PrismaService,
  ],
  exports: [PrismaService],
})
export class DbModule {}
