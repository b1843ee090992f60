import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { InvalidInputError } from '#folio/errors';
import { dtoValidationPipe } from '#folio/http';
import { type Principal } from '#folio/identity';
import { type TemplateCallResult, TemplateProjectService } from '#folio/templates';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { TemplateProjectDto } from './template-body.dto.js';
import {
  createFromTemplateExample,
  createFromTemplateResultExample,
  invalidBodyExample,
} from './template-examples.js';

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** `POST /project/create-from-template/:templateId`: a project from a template, or its update by caller ids. */
@ApiTags('Templates')
@Controller('project/create-from-template')
@RequireScopes('create:project')
@ApiKeyAuth('create:project')
export class TemplateProjectController {
  constructor(
    private readonly templateProjects: TemplateProjectService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':templateId')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create (or update) a project from a template',
    description:
      "Builds a project from a published template: pages of `{ _type, … }` sections, pinned values, tags. Send your own `id`s on the project, pages and sections to update them later: a known id is updated in place (its key kept), a page's `data` becomes its exact section list, and pages you leave out stay as they are. All or nothing: one transaction. The body's JSON Schema for a template is at `GET /project/templates/{templateId}/schema`.",
  })
  @ApiParam({ name: 'templateId', example: 'tplLaunchKit01' })
  @ApiQuery({
    name: 'workspaceKey',
    required: false,
    description: 'Workspace of a new project (in the template account).',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Retrying with the same key and body within 24 h returns the first answer instead of doing the work again.',
  })
  @ApiBody({ type: TemplateProjectDto, examples: { launchKit: { value: createFromTemplateExample } } })
  @ApiCreatedResponse({ description: 'The project was created.', example: createFromTemplateResultExample })
  @ApiOkResponse({
    description: 'The project with this `id` was updated.',
    example: createFromTemplateResultExample,
  })
  @ApiBadRequestResponse({
    description: 'Every problem of the body, each at its JSON path.',
    example: invalidBodyExample,
  })
  @ApiNotFoundResponse({
    description: 'No published template by this id in an account the key reaches.',
    example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
  })
  @ApiConflictResponse({
    description:
      'The project id names a project made without this template, or the Idempotency-Key was used for another request.',
    example: {
      error: 'conflict',
      message:
        'Project pQ4mZ8rT2vXa (id acme-coffee) was made without a template; it cannot be updated from template tplLaunchKit01. Use another id to create a new project.',
    },
  })
  @ApiPayloadTooLargeResponse({
    description: 'The body is over 5 MiB.',
    example: {
      error: 'payload_too_large',
      message: 'The body is larger than 5 MiB; send fewer pages per call.',
    },
  })
  async createFromTemplate(
    @CurrentPrincipal() principal: Principal,
    @Param('templateId') templateKey: string,
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
    const answer = await this.templateProjects.apply(principal.actor, templateKey, body, {
      workspaceKey: workspaceKey || undefined,
      baseUrl: this.config.publicBaseUrl,
      idempotency: idempotencyKey ? { apiKeyId: principal.keyId, key: idempotencyKey } : undefined,
    });
    response.status(answer.statusCode);
    if (answer.replayed) response.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }
}
