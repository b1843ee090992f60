import { Controller, Get, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor } from '#folio/identity';
import { CurrentActor, PageErrorFilter, SessionGuard, ViewRenderer } from '#folio/page-kit';
import { ProjectListService } from './project-list.service.js';

/** `GET /editor[?q=]`: the projects the signed-in person may see, each linking to its editor. */
@ApiExcludeController()
@Controller('editor')
@UseGuards(SessionGuard)
@UseFilters(PageErrorFilter)
export class ProjectListController {
  constructor(
    private readonly projects: ProjectListService,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Query('q') q: unknown, @Res() res: Response): Promise<void> {
    const query = typeof q === 'string' ? q.trim().slice(0, 200) : '';
    const list = await this.projects.list(actor, query);
    this.views.render(res, 'projects', { title: 'Projects', current: 'projects', list });
  }
}
