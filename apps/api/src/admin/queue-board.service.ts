// bull-board over the app's BullMQ queues: its UI and JSON API, served by QueueBoardController.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Express, type NextFunction, type Request, type Response, Router } from 'express';
import { BullJobQueue } from '#folio/jobs';
import { queueDashboardPath } from './queue-dashboard-path.js';

@Injectable()
export class QueueBoardService implements OnApplicationBootstrap {
  private readonly router = Router();

  constructor(private readonly jobs: BullJobQueue) {}

  // BullJobQueue finds its queues in onModuleInit, so the board is built once every module has started.
  onApplicationBootstrap(): void {
    const serverAdapter = new ExpressAdapter().setBasePath(queueDashboardPath);
    createBullBoard({
      queues: this.jobs.queues().map((queue) => new BullMQAdapter(queue)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Folio jobs' } },
    });
    const board = serverAdapter.getRouter() as Express;
    board.disable('x-powered-by');
    this.router.use(queueDashboardPath, board);
  }

  /** Answers a request under the dashboard's path; anything bull-board does not know goes on to `next`. */
  handle(req: Request, res: Response, next: NextFunction): void {
    res.setHeader('Cache-Control', 'no-store');
    this.router(req, res, next);
  }
}
