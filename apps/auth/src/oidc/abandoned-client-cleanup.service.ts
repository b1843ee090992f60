import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AbandonedClientRepository } from './abandoned-client.repository.js';

/** A client unused this long after registering is abandoned: a person consents within minutes. */
export const abandonedClientAgeMs = 24 * 60 * 60_000;
const sweepIntervalMs = 60 * 60_000;

/**
 * Deletes abandoned registrations (AbandonedClientRepository) at start and then hourly, so open
 * registration from shared addresses cannot fill the table. Every auth instance sweeps; a second delete
 * of the same rows is a no-op.
 */
@Injectable()
export class AbandonedClientCleanup implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OAuth');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly clients: AbandonedClientRepository) {}

  onApplicationBootstrap(): void {
    const sweep = () => {
      this.running ??= this.sweep().finally(() => (this.running = undefined));
    };
    sweep();
    this.timer = setInterval(sweep, sweepIntervalMs);
    this.timer.unref();
  }

  /** Before the database closes: no new sweep, and the one under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(now = new Date()): Promise<void> {
    try {
      const deleted = await this.clients.deleteRegisteredBefore(
        new Date(now.getTime() - abandonedClientAgeMs),
      );
      if (deleted) this.logger.log(`Deleted ${deleted} registered clients that never got a token.`);
    } catch (error) {
      this.logger.warn(`Could not delete abandoned clients: ${(error as Error).message}`);
    }
  }
}
