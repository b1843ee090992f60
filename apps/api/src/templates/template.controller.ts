import { Body, Controller, Get, Header, Inject, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { publicKeySchema } from '#folio/content';
import { dtoValidationPipe, JsonBody, PathParam } from '#folio/http';
import { type Principal } from '#folio/identity';
import { TemplateCatalog, type TemplateSummary } from '#folio/templates';
import { CurrentPrincipal } from '../auth/principal.decorator.js';
import { RequireScopes } from '../auth/require-scopes.decorator.js';
import { ApiKeyAuth } from '../openapi.js';
import { NewTemplateDto, TemplatePublicationDto } from './template-admin.dto.js';
import { ApiMakeTemplate, ApiPublishTemplate, ApiTemplateSchema } from './template.openapi.js';

/** A template as the API answers with it: its summary and where its body's JSON Schema is. */
export interface TemplateAnswer extends TemplateSummary {
  schemaUrl: string;
}

/** Templates: the JSON Schema of their bodies, and new templates made from projects. */
@ApiTags('Templates')
@Controller('project/templates')
export class TemplateController {
  constructor(
    private readonly catalog: TemplateCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':templateKey/schema')
  @RequireScopes('list:project')
  @ApiKeyAuth('list:project')
  @Header('Content-Type', 'application/schema+json')
  @ApiTemplateSchema()
  async schema(
    @CurrentPrincipal() principal: Principal,
    @PathParam('templateKey', publicKeySchema, 'invalid_input') templateKey: string,
  ): Promise<object> {
    return this.catalog.bodySchema(principal.actor, templateKey, this.schemaUrl(templateKey));
  }

  @Post()
  @JsonBody()
  @RequireScopes('create:project')
  @ApiKeyAuth('create:project')
  @ApiMakeTemplate()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body(dtoValidationPipe()) body: NewTemplateDto,
  ): Promise<TemplateAnswer> {
    const template = await this.catalog.createFromProject(principal.actor, body);
    return { ...template, schemaUrl: this.schemaUrl(template.templateKey) };
  }

  @Patch(':templateKey')
  @JsonBody()
  @RequireScopes('create:project')
  @ApiKeyAuth('create:project')
  @ApiPublishTemplate()
  async publish(
    @CurrentPrincipal() principal: Principal,
    @PathParam('templateKey', publicKeySchema, 'invalid_input') templateKey: string,
    @Body(dtoValidationPipe()) body: TemplatePublicationDto,
  ): Promise<TemplateAnswer> {
    const template = await this.catalog.setPublished(principal.actor, templateKey, body.published);
    return { ...template, schemaUrl: this.schemaUrl(template.templateKey) };
  }

  private schemaUrl(templateKey: string): string {
    return `${this.config.publicBaseUrl}/project/templates/${encodeURIComponent(templateKey)}/schema`;
  }
}
