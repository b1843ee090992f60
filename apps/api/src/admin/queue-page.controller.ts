import { Controller, Get, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { EditorPageFilter } from '../editor/editor-page.filter.js';
import { EditorSessionGuard, type EditorVisitor, Visitor } from '../editor/editor-session.guard.js';
import { AdminGuard } from './admin.guard.js';
import { queueDashboardPath } from './queue-dashboard-path.js';
import { QueuePageService } from './queue-page.service.js';

/** The queue page without Redis, for operators only. */
@ApiExcludeController()
@Controller(queueDashboardPath)
@UseGuards(EditorSessionGuard, AdminGuard)
@UseFilters(EditorPageFilter)
export class QueuePageController {
  constructor(private readonly page: QueuePageService) {}

  @Get()
  show(@Visitor() visitor: EditorVisitor, @Res() res: Response): Promise<void> {
    return this.page.render(res, visitor.user);
  }
}
