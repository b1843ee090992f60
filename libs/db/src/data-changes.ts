import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { localWrites } from './local-writes.js';
import { type NotificationSubscription } from './notifications.js';
import { PrismaService } from './prisma.service.js';

/**
 * The channel on which the database announces every committed write to what kept answers are made of:
 * content, access and keys (prisma/migrations/…_data_change_notifications names the tables).
 */
const dataChannel = 'folio_data';

/**
 * Whether the data may have changed since a moment, as a generation: it moves on with every change heard,
 * every loss of the channel and every subscription, and at once with every write this process commits
 * (whose announcement arrives a moment after), so a value kept at one generation is current exactly while
 * the generation is the same. While the channel is not subscribed there is no generation: a change could
 * go unheard, so nothing kept may be trusted.
 */
@Injectable()
export class DataChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DataChanges.name);
  private subscription: NotificationSubscription | undefined;
  private generation = 0;
  private subscribed = false;

  constructor(private readonly prisma: PrismaService) {}

  /** The generation now, or null while changes may go unheard. */
  current(): number | null {
    return this.subscribed ? this.generation + localWrites() : null;
  }

  onApplicationBootstrap(): void {
    this.subscription = this.prisma.listen(dataChannel, {
      message: () => this.generation++,
      subscribed: () => {
        this.generation++;
        this.subscribed = true;
      },
      lost: (error) => {
        this.generation++;
        this.subscribed = false;
        this.logger.warn(`kept answers off until the data change channel is back: ${error.message}`);
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }
}
