// OpenAPI documentation of EmbedController.
import { applyDecorators } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
} from '@nestjs/swagger';
import {
  embedOptionDefaults,
  embedOptionDocs,
  embedOptionNames,
  type EmbedOptionName,
} from '#folio/publishing';

const optionExamples: Partial<Record<EmbedOptionName, string>> = {
  target: '#pricing',
  templateVariables: '{"headline":"Spring sale"}',
};

/** The embed options as query parameters, documented from their one definition. */
function EmbedOptionQueries() {
  return applyDecorators(
    ...embedOptionNames.map((name) => {
      const flag = typeof embedOptionDefaults[name] === 'boolean';
      const format = flag ? '1/0 or true/false.' : name === 'templateVariables' ? 'A JSON object.' : '';
      return ApiQuery({
        name,
        required: false,
        type: flag ? Boolean : String,
        description: `${embedOptionDocs[name]} ${format}`.trim(),
        example: optionExamples[name],
      });
    }),
  );
}

export function ApiLoadEmbedScript() {
  return applyDecorators(
    ApiOperation({
      summary: 'Load the embed script of a page',
      description:
        'The script a `<script src>` tag on any website loads: it renders the page of the version published as an ' +
        'embed, in place of its own tag or into `target`. Get the exact tag from the editor (Publish → Get embed ' +
        'code) or the MCP tool `get_embed_code`. When the project is not published as an embed, the page is not ' +
        'part of it, or an option is invalid, the script renders a short notice instead and logs it with ' +
        'console.warn: it never fails on the host page. CORS allows any origin.',
    }),
    ApiParam({ name: 'projectKey', description: 'Key of the project.', example: 'pN4w8dC0ffee' }),
    ApiParam({ name: 'pageKey', description: 'Key of the page.', example: 'hM3nuPageK3y' }),
    EmbedOptionQueries(),
    ApiProduces('text/javascript'),
    ApiOkResponse({
      description:
        'The script. Cached for 60 s once published (a notice script is not cached), with an ETag for revalidation.',
      example:
        '/* Folio embed */\n(function () {\n  "use strict";\n  var embed = {"id":"pN4w8dC0ffee/hM3nuPageK3y","html":"<section …>…</section>","css":"…"};\n  …\n})();\n',
    }),
    ApiNotModifiedResponse({ description: 'The script the `If-None-Match` ETag names is still current.' }),
    ApiNotFoundResponse({
      description:
        'The project or page key is not a key (a letter, then 5–31 letters or digits): no script, since no such ' +
        'address was ever handed out.',
      example: { error: 'not_found', message: 'Nothing is at this address.' },
    }),
  );
}
