// OpenAPI documentation of TemplateProjectController.
import { applyDecorators } from '@nestjs/common';
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
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { TemplateProjectDto } from './template-body.dto.js';
import {
  createFromTemplateExample,
  createFromTemplateResultExample,
  invalidBodyExample,
  malformedKeyExample,
} from './template-examples.js';

export function ApiCreateFromTemplate() {
  return applyDecorators(
    ApiOperation({
      summary: 'Create (or update) a project from a template',
      description:
        "Builds a project from a published template: pages of `{ _type, … }` sections, pinned values, tags. Send your own `id`s on the project, pages and sections to update them later: a known id is updated in place (its key kept), a page's `data` becomes its exact section list, and pages you leave out stay as they are. All or nothing: one transaction. The body's JSON Schema for a template is at `GET /project/templates/{templateKey}/schema`.",
    }),
    ApiParam({ name: 'templateKey', example: 'tplLaunchKit01' }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Retrying with the same key and body within 24 h returns the first answer instead of doing the work again.',
    }),
    ApiQuery({
      name: 'workspaceKey',
      required: false,
      description: 'Workspace of a new project (in the template account).',
    }),
    ApiBody({ type: TemplateProjectDto, examples: { launchKit: { value: createFromTemplateExample } } }),
    ApiCreatedResponse({ description: 'The project was created.', example: createFromTemplateResultExample }),
    ApiOkResponse({
      description: 'The project with this `id` was updated.',
      example: createFromTemplateResultExample,
    }),
    ApiBadRequestResponse({
      description: 'Every problem of the body, each at its JSON path; or a template key that is malformed.',
      examples: {
        body: { summary: 'A malformed body', value: invalidBodyExample },
        templateKey: { summary: 'A malformed template key', value: malformedKeyExample('templateKey') },
      },
    }),
    ApiNotFoundResponse({
      description: 'No published template with this key in an account the key reaches.',
      example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
    }),
    ApiConflictResponse({
      description:
        'The project id names a project made without this template, or the Idempotency-Key was used for another request.',
      example: {
        error: 'conflict',
        message:
          'Project pQ4mZ8rT2vXa (id acme-coffee) was made without a template; it cannot be updated from template tplLaunchKit01. Use another id to create a new project.',
      },
    }),
    ApiPayloadTooLargeResponse({
      description: 'The body is over 5 MiB.',
      example: {
        error: 'payload_too_large',
        message: 'The body is larger than 5 MiB; send fewer pages per call.',
      },
    }),
    ApiUnsupportedMediaTypeResponse({
      description: 'The body was not sent as `Content-Type: application/json`.',
      example: {
        error: 'unsupported_media_type',
        message: 'This endpoint takes a JSON body: send it with Content-Type: application/json.',
      },
    }),
  );
}
