// OpenAPI documentation of SiteController.
import { applyDecorators } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
} from '@nestjs/swagger';

export function ApiReadSitePage() {
  return applyDecorators(
    ApiOperation({
      summary: 'Read a page of a published site',
      description:
        'A page of the version published as a site, as a complete HTML document with its own content ' +
        'security policy. `/sites/<slug>/` is the home page. Cached for 60 s, with an ETag for revalidation.',
    }),
    ApiParam({
      name: 'slug',
      description: 'The site name chosen when publishing.',
      example: 'northwind-coffee',
    }),
    ApiParam({
      name: 'path',
      type: String,
      description:
        'Path of the page below the site; may contain `/`. Left out (`/sites/<slug>/`) for the home page.',
      example: 'coffee',
    }),
    ApiProduces('text/html'),
    ApiOkResponse({
      description: 'The page.',
      example:
        '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Coffee · Northwind Coffee</title>…</head>\n<body>…</body>\n</html>\n',
    }),
    ApiNotModifiedResponse({ description: 'The page the `If-None-Match` ETag names is still current.' }),
    ApiNotFoundResponse({
      description:
        'No published site has this slug, the site has no page at this path, or the slug or path is malformed: ' +
        'a "Page not found" page.',
      example:
        '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Page not found</title>…</head>\n<body>…<h1>Page not found</h1>…</body>\n</html>\n',
    }),
  );
}
