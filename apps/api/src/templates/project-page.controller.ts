import { Controller, Delete, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Principal } from '#folio/identity';
import { type DeletedPage, PageDeletion } from '#folio/projects';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { ApiDeletePage } from './project-page.openapi.js';

/** `DELETE /project/:projectKey/page/:pageKey`. */
@ApiTags('Projects')
@Controller('project/:projectKey/page')
@RequireScopes('create:project')
@ApiKeyAuth('create:project')
export class ProjectPageController {
  constructor(private readonly pages: PageDeletion) {}

  @Delete(':pageKey')
  @ApiDeletePage()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('projectKey') projectKey: string,
    @Param('pageKey') pageKey: string,
  ): Promise<DeletedPage> {
    return this.pages.deletePage(principal.actor, projectKey, pageKey);
  }
}
