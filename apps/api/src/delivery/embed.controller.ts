import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  embedOptionDefaults,
  embedOptionDocs,
  embedOptionNames,
  type EmbedOptionName,
} from '#folio/publishing';
import { EmbedService } from './embed.service.js';
import { matchesEtag } from './render-cache.js';

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

/**
 * `GET /embed/<projectKey>/<pageKey>.js[?options]`: a script any website can load (CORS `*`, and a
 * cross-origin resource policy) that renders the published embed version of the page.
 */
@ApiTags('Embeds and sites')
@Controller('embed')
export class EmbedController {
  constructor(private readonly embeds: EmbedService) {}

  @Get(':projectKey/:pageKey.js')
  @ApiOperation({
    summary: 'Load the embed script of a page',
    description:
      'The script a `<script src>` tag on any website loads: it renders the page of the version published as an ' +
      'embed, in place of its own tag or into `target`. Get the exact tag from the editor (Publish → Get embed ' +
      'code) or the MCP tool `get_embed_code`. When the project is not published as an embed, the page is not ' +
      'part of it, or an option is invalid, the script renders a short notice instead and logs it with ' +
      'console.warn: it never fails on the host page. CORS allows any origin.',
  })
  @ApiParam({ name: 'projectKey', description: 'Key of the project.', example: 'pN4w8dC0ffee' })
  @ApiParam({ name: 'pageKey', description: 'Key of the page.', example: 'hM3nuPageK3y' })
  @EmbedOptionQueries()
  @ApiProduces('text/javascript')
  @ApiOkResponse({
    description:
      'The script. Cached for 60 s once published (a notice script is not cached), with an ETag for revalidation.',
    example:
      '/* Folio embed pN4w8dC0ffee/hM3nuPageK3y */\n(function () {\n  "use strict";\n  var embed = {"id":"pN4w8dC0ffee/hM3nuPageK3y","html":"<section …>…</section>","css":"…"};\n  …\n})();\n',
  })
  @ApiNotModifiedResponse({ description: 'The script the `If-None-Match` ETag names is still current.' })
  async script(
    @Param('projectKey') projectKey: string,
    @Param('pageKey') pageKey: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const script = await this.embeds.script(projectKey, pageKey, query);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.removeHeader('Content-Security-Policy');
    // A message (not published yet) must give way to the real embed as soon as it is published.
    res.setHeader('Cache-Control', script.published ? 'public, max-age=60' : 'no-cache');
    res.setHeader('ETag', script.etag);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    if (matchesEtag(req.headers['if-none-match'], script.etag)) {
      res.status(304).end();
      return;
    }
    res.send(script.body);
  }
}
