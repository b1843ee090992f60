// OpenAPI documentation of ProjectPageController.
import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { type DeletedPage } from '#folio/projects';
import { malformedKeyExample } from './template-examples.js';

export function ApiDeletePage() {
  return applyDecorators(
    ApiOperation({
      summary: 'Delete a page',
      description:
        'Deletes a page and its sections. A project keeps at least one page; when the home page goes, the next page becomes the home page.',
    }),
    ApiParam({ name: 'projectKey', example: 'pQ4mZ8rT2vXa' }),
    ApiParam({ name: 'pageKey', example: 'sT9uV1wX3yZa' }),
    ApiOkResponse({
      description: 'The page is gone.',
      example: {
        projectKey: 'pQ4mZ8rT2vXa',
        pageKey: 'sT9uV1wX3yZa',
        homePageKey: 'gH7kL2mN4pQr',
      } satisfies DeletedPage,
    }),
    ApiBadRequestResponse({
      description: 'The project or page key is not a key (a letter, then 5–31 letters or digits).',
      example: malformedKeyExample('pageKey'),
    }),
    ApiNotFoundResponse({
      description: 'No such project visible to the key, or no such page in it.',
      example: { error: 'not_found', message: 'Project pQ4mZ8rT2vXa has no page sT9uV1wX3yZa.' },
    }),
    ApiConflictResponse({
      description: 'The page is the only page of its project.',
      example: {
        error: 'conflict',
        message: 'Page gH7kL2mN4pQr is the only page of project pQ4mZ8rT2vXa; a project keeps one page.',
      },
    }),
  );
}
