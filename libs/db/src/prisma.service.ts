import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig } from '#folio/config';
import { type DatabaseHandle } from './database-adapter.js';
import { type NotificationListener, type NotificationSubscription } from './notifications.js';
import { PrismaClient } from './generated/prisma/client.js';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

const readyTimeoutMs = 2_000;

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

  /** Hears NOTIFY on `channel` (see `NotificationListener`) until the subscription is closed. */
  listen(channel: string, listener: NotificationListener): NotificationSubscription {
    return this.handle.listen(channel, listener);
  }

  /** True when the database answers a trivial query within 2 s (a probe must not hang). */
  async isReady(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${readyTimeoutMs} ms`)), readyTimeoutMs);
    });
    try {
      await Promise.race([this.$queryRawUnsafe('SELECT 1'), timeout]);
      return true;
    } catch (error) {
      this.logger.warn(`database not ready: ${(error as Error).message}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  // The last hook of a shutdown: jobs still running finish first (they stop in beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    await this.handle.release();
  }
}
