import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig } from '#folio/config';
import { CreditsModule } from '#folio/credits';
import { IdentityModule } from '#folio/identity';
import { EditorPagesModule } from '../editor/editor-pages.js';
import { AdminGuard } from './admin.guard.js';
import { OperatorCreditsController } from './operator-credits.controller.js';
import { QueueBoardController } from './queue-board.controller.js';
import { QueueBoardService } from './queue-board.service.js';
import { QueuePageController } from './queue-page.controller.js';
import { QueuePageService } from './queue-page.service.js';

/**
 * Operators' pages behind login and ADMIN_EMAILS: the job queues at /admin/queues — bull-board on the
 * BullMQ queues when there is Redis (as JobsModule decides), else a page of the in-process runner — and
 * the accounts' and teams' AI credits at /admin/credits.
 */
@Module({})
export class AdminModule {
  static forRoot(config: AppConfig): DynamicModule {
    const withRedis = config.jobs.redisUrl !== null;
    return {
      module: AdminModule,
      imports: [IdentityModule, CreditsModule, EditorPagesModule],
      controllers: [OperatorCreditsController, withRedis ? QueueBoardController : QueuePageController],
      providers: [AdminGuard, withRedis ? QueueBoardService : QueuePageService],
    };
  }
}
