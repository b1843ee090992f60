import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig } from '#folio/config';
import { type DatabaseHandle } from './database-adapter.js';
import { PrismaClient } from './generated/prisma/client.js';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

/** The one Prisma client of an app, over PGlite (embedded) or PostgreSQL (pooled). */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  private readonly logger = new Logger(PrismaService.name);

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {
    super({ adapter: handle.adapter });
  }

  get databaseKind(): AppConfig['database']['kind'] {
    return this.handle.kind;
  }

  /** True when the database answers a trivial query. */
  async isReady(): Promise<boolean> {
    try {
      await this.$queryRawUnsafe('SELECT 1');
      return true;
    } catch (error) {
      this.logger.warn(`database not ready: ${(error as Error).message}`);
      return false;
    }
  }

  // The last hook of a shutdown: jobs still running finish first (they stop in beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    await this.handle.release();
  }
}
