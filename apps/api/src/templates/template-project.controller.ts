import { Body, Controller, Headers, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { publicKeySchema } from '#folio/content';
import { InvalidInputError } from '#folio/errors';
import { dtoValidationPipe, JsonBody, PathParam } from '#folio/http';
import { type Principal } from '#folio/identity';
import { type TemplateCallResult, TemplateProjectService } from '#folio/templates';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { TemplateProjectDto } from './template-body.dto.js';
import { ApiCreateFromTemplate } from './template-project.openapi.js';

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** `POST /project/create-from-template/:templateKey`: a project from a template, or its update by caller ids. */
@ApiTags('Templates')
@Controller('project/create-from-template')
@RequireScopes('create:project')
@ApiKeyAuth('create:project')
export class TemplateProjectController {
  constructor(
    private readonly templateProjects: TemplateProjectService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':templateKey')
  @HttpCode(201)
  @JsonBody()
  @ApiCreateFromTemplate()
  async createFromTemplate(
    @CurrentPrincipal() principal: Principal,
    @PathParam('templateKey', publicKeySchema, 'invalid_input') templateKey: string,
    @Query('workspaceKey') workspaceKey: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body(dtoValidationPipe()) body: TemplateProjectDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TemplateCallResult> {
    if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
      throw new InvalidInputError([
        { path: 'Idempotency-Key', message: 'expected 1 to 200 visible ASCII characters, e.g. a UUID' },
      ]);
    }
    if (workspaceKey !== undefined && typeof workspaceKey !== 'string') {
      throw new InvalidInputError([{ path: 'workspaceKey', message: 'expected one workspace key' }]);
    }
    const answer = await this.templateProjects.apply(principal, templateKey, body, {
      workspaceKey: workspaceKey || undefined,
      baseUrl: this.config.publicBaseUrl,
      idempotency: idempotencyKey ? { apiKeyId: principal.keyId, key: idempotencyKey } : undefined,
    });
    response.status(answer.statusCode);
    if (answer.replayed) response.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }
}
