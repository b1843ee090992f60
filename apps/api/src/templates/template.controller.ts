import { Body, Controller, Get, Header, Inject, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { dtoValidationPipe } from '#folio/http';
import { type Principal } from '#folio/identity';
import { TemplateCatalog, type TemplateSummary } from '#folio/templates';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { NewTemplateDto, TemplatePublicationDto } from './template-admin.dto.js';

interface TemplateAnswer extends TemplateSummary {
  schemaUrl: string;
}

const summaryExample: TemplateAnswer = {
  templateKey: 'tM3nB5vC7xZq',
  title: 'Coffee shop',
  published: true,
  sectionTypes: ['hero', 'menu'],
  pinned: ['announcement'],
  schemaUrl: 'https://folio.example.com/project/templates/tM3nB5vC7xZq/schema',
};

/** Templates: the JSON Schema of their bodies, and new templates made from projects. */
@ApiTags('Templates')
@Controller('project/templates')
export class TemplateController {
  constructor(
    private readonly catalog: TemplateCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':templateId/schema')
  @RequireScopes('list:project')
  @ApiKeyAuth('list:project')
  @Header('Content-Type', 'application/schema+json')
  @ApiOperation({
    summary: "JSON Schema of a template's create-from-template body",
    description:
      'Section types, their fields and pinned items of a published template as JSON Schema (draft 2020-12): validate bodies before sending them, or hand it to a model.',
  })
  @ApiParam({ name: 'templateId', example: 'tplLaunchKit01' })
  @ApiOkResponse({
    description: 'The schema.',
    example: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://folio.example.com/project/templates/tplLaunchKit01/schema',
      title: 'Launch Kit',
      type: 'object',
    },
  })
  @ApiNotFoundResponse({
    description: 'No published template by this id in an account the key reaches.',
    example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
  })
  async schema(
    @CurrentPrincipal() principal: Principal,
    @Param('templateId') templateKey: string,
  ): Promise<object> {
    return this.catalog.bodySchema(principal.actor, templateKey, this.schemaUrl(templateKey));
  }

  @Post()
  @RequireScopes('create:project')
  @ApiKeyAuth('create:project')
  @ApiOperation({
    summary: 'Make a template from a project',
    description:
      "Marks sections of a project you may edit as section types (and pinned items), and elements of them as fields. The template belongs to the project's account; callers of that account can then create projects from it.",
  })
  @ApiCreatedResponse({ description: 'The template.', example: summaryExample })
  @ApiBadRequestResponse({
    description: 'Every problem, each at its JSON path.',
    example: {
      error: 'invalid_input',
      message: 'sectionTypes[0].fields[1].elementKey: no element hX2 in section sK4nP8wQ2rTz',
      problems: [
        { path: 'sectionTypes[0].fields[1].elementKey', message: 'no element hX2 in section sK4nP8wQ2rTz' },
      ],
    },
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(dtoValidationPipe()) body: NewTemplateDto,
  ): Promise<TemplateAnswer> {
    const template = await this.catalog.createFromProject(principal.actor, body);
    return { ...template, schemaUrl: this.schemaUrl(template.templateKey) };
  }

  @Patch(':templateId')
  @RequireScopes('create:project')
  @ApiKeyAuth('create:project')
  @ApiOperation({
    summary: 'Publish or withdraw a template',
    description: 'Only published templates can be used.',
  })
  @ApiParam({ name: 'templateId', example: 'tM3nB5vC7xZq' })
  @ApiOkResponse({ description: 'The template.', example: summaryExample })
  @ApiNotFoundResponse({
    description: 'No template by this id in an account where the key may edit.',
    example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
  })
  async publish(
    @CurrentPrincipal() principal: Principal,
    @Param('templateId') templateKey: string,
    @Body(dtoValidationPipe()) body: TemplatePublicationDto,
  ): Promise<TemplateAnswer> {
    const template = await this.catalog.setPublished(principal.actor, templateKey, body.published);
    return { ...template, schemaUrl: this.schemaUrl(template.templateKey) };
  }

  private schemaUrl(templateKey: string): string {
    return `${this.config.publicBaseUrl}/project/templates/${encodeURIComponent(templateKey)}/schema`;
  }
}
