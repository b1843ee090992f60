import { All, Controller, Next, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { CsrfGuard, PageErrorFilter, SessionGuard } from '#folio/page-kit';
import { AdminGuard } from './admin.guard.js';
import { queueDashboardPath } from './queue-dashboard-path.js';
import { QueueBoardService } from './queue-board.service.js';

/** bull-board (with Redis): its page, static files and JSON API, every one of them for operators only. */
@ApiExcludeController()
@Controller(queueDashboardPath)
@UseGuards(CsrfGuard, SessionGuard, AdminGuard)
@UseFilters(PageErrorFilter)
export class QueueBoardController {
  constructor(private readonly board: QueueBoardService) {}

  @All(['', '*path'])
  serve(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    this.board.handle(req, res, next);
  }
}
