import { Controller, Delete } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
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
    @PathParam('projectKey', publicKeySchema, 'invalid_input') projectKey: string,
    @PathParam('pageKey', publicKeySchema, 'invalid_input') pageKey: string,
  ): Promise<DeletedPage> {
    return this.pages.deletePage(principal, projectKey, pageKey);
  }
}
