import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type NotificationSubscription, PrismaService } from '#folio/db';
import { draftScreenshotsJob, JobQueue } from '#folio/jobs';

/**
 * The channel on which the database announces each new draft revision as `<projectId>:<revision>`, sent by
 * a trigger on Project.revision whatever wrote it and delivered when its transaction commits
 * (prisma/migrations/…_content_screenshots).
 */
const draftChannel = 'folio_draft';

/**
 * Queues the draft-screenshots job of every committed draft revision. Every process with the screenshot
 * jobs listens; the job id (project and revision) makes the copies one job. A revision heard by no one (no
 * process up, the channel lost) is owed work the outstanding-work sweep queues.
 */
@Injectable()
export class DraftChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DraftScreenshots');
  private subscription: NotificationSubscription | undefined;

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.prisma.listen(draftChannel, {
      message: (payload) => void this.queue(payload),
      subscribed: () => {},
      lost: (error) => this.logger.warn(`draft changes unheard until the channel is back: ${error.message}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private async queue(payload: string): Promise<void> {
    const [projectId, revision] = payload.split(':');
    await this.jobs.addOwed('draft-screenshots', [draftScreenshotsJob(projectId, Number(revision))]);
  }
}
