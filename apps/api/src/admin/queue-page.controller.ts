import { Controller, Get, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { PageErrorFilter } from '#folio/ui';
import { CurrentEditorUser, EditorSessionGuard, type EditorUser } from '../editor/editor-session.guard.js';
import { AdminGuard } from './admin.guard.js';
import { queueDashboardPath } from './queue-dashboard-path.js';
import { QueuePageService } from './queue-page.service.js';

/** The queue page without Redis, for operators only. */
@ApiExcludeController()
@Controller(queueDashboardPath)
@UseGuards(EditorSessionGuard, AdminGuard)
@UseFilters(PageErrorFilter)
export class QueuePageController {
  constructor(private readonly page: QueuePageService) {}

  @Get()
  show(@CurrentEditorUser() current: EditorUser, @Res() res: Response): Promise<void> {
    return this.page.render(res, current.user);
  }
}
