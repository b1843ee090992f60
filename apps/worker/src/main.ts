import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import { WorkerModule } from './worker.module.js';

const config = loadConfig(process.env, { seedDemo: false });
if (!config.jobs.redisUrl) {
  console.error(
    'The worker takes its jobs from Redis: set REDIS_URL. Without Redis, the api runs jobs itself.',
  );
  process.exit(1);
}
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
const logger = app.get(Logger);
app.useLogger(logger);
// SIGTERM/SIGINT: running jobs finish, waiting ones stay in Redis for the other workers.
app.enableShutdownHooks();
if (!(await app.get(PrismaService).isReady())) {
  logger.error('worker cannot reach the database; exiting');
  await app.close();
  process.exit(1);
}
logger.log('worker started');
