// OpenAPI documentation of TemplateController.
import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { type TemplateAnswer } from './template.controller.js';
import { malformedKeyExample } from './template-examples.js';

const summaryExample: TemplateAnswer = {
  templateKey: 'tM3nB5vC7xZq',
  title: 'Coffee shop',
  published: true,
  sectionTypes: ['hero', 'menu'],
  pinned: ['announcement'],
  schemaUrl: 'https://folio.example.com/project/templates/tM3nB5vC7xZq/schema',
};

export function ApiTemplateSchema() {
  return applyDecorators(
    ApiOperation({
      summary: "JSON Schema of a template's create-from-template body",
      description:
        'Section types, their fields and pinned items of a published template as JSON Schema (draft 2020-12): validate bodies before sending them, or hand it to a model.',
    }),
    ApiParam({ name: 'templateKey', example: 'tplLaunchKit01' }),
    ApiOkResponse({
      description: 'The schema.',
      example: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://folio.example.com/project/templates/tplLaunchKit01/schema',
        title: 'Launch Kit',
        type: 'object',
      },
    }),
    ApiNotFoundResponse({
      description: 'No published template by this id in an account the key reaches.',
      example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
    }),
    ApiBadRequestResponse({
      description: 'The template key is malformed (a key is a letter, then 5–31 letters or digits).',
      example: malformedKeyExample('templateKey'),
    }),
  );
}

export function ApiMakeTemplate() {
  return applyDecorators(
    ApiOperation({
      summary: 'Make a template from a project',
      description:
        "Marks sections of a project you may edit as section types (and pinned items), and elements of them as fields. The template belongs to the project's account; callers of that account can then create projects from it.",
    }),
    ApiCreatedResponse({ description: 'The template.', example: summaryExample }),
    ApiBadRequestResponse({
      description: 'Every problem, each at its JSON path.',
      example: {
        error: 'invalid_input',
        message: 'sectionTypes[0].fields[1].elementKey: no element hX2 in section sK4nP8wQ2rTz',
        problems: [
          { path: 'sectionTypes[0].fields[1].elementKey', message: 'no element hX2 in section sK4nP8wQ2rTz' },
        ],
      },
    }),
  );
}

export function ApiPublishTemplate() {
  return applyDecorators(
    ApiOperation({
      summary: 'Publish or withdraw a template',
      description: 'Only published templates can be used.',
    }),
    ApiParam({ name: 'templateKey', example: 'tM3nB5vC7xZq' }),
    ApiOkResponse({ description: 'The template.', example: summaryExample }),
    ApiNotFoundResponse({
      description: 'No template by this id in an account where the key may edit.',
      example: { error: 'not_found', message: 'No published template tplNope is visible to you.' },
    }),
    ApiBadRequestResponse({
      description: 'The template key is malformed, or the body is not `{ published: boolean }`.',
      example: malformedKeyExample('templateKey'),
    }),
  );
}
