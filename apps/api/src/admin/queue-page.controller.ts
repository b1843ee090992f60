import { Controller, Get, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor } from '#folio/identity';
import { CurrentActor, PageErrorFilter, SessionGuard } from '#folio/page-kit';
import { AdminGuard } from './admin.guard.js';
import { queueDashboardPath } from './queue-dashboard-path.js';
import { QueuePageService } from './queue-page.service.js';

/** The queue page without Redis, for operators only. */
@ApiExcludeController()
@Controller(queueDashboardPath)
@UseGuards(SessionGuard, AdminGuard)
@UseFilters(PageErrorFilter)
export class QueuePageController {
  constructor(private readonly page: QueuePageService) {}

  @Get()
  show(@CurrentActor() actor: Actor, @Res() res: Response): Promise<void> {
    return this.page.render(res, actor);
  }
}
