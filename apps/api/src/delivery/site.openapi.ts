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
        'security policy and link-preview tags (Open Graph, Twitter card). `/sites/<slug>/` is the home page. ' +
        '`Cache-Control: public, no-cache` with an ETag: caches keep it but revalidate it, so a publish shows at once.',
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
        'The site has no page at this path: its own "Page not found" page, with its navbar and footer and a ' +
        'link home. No published site has this slug, or the slug is malformed: a plain "Page not found" page.',
      example:
        '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Page not found</title>…</head>\n<body>…<h1>Page not found</h1>…</body>\n</html>\n',
    }),
  );
}

export function ApiReadSiteMap() {
  return applyDecorators(
    ApiOperation({
      summary: 'Read the sitemap of a published site',
      description:
        'Every page of the version published to the site, each with its address and, as `lastmod`, when that ' +
        'version was published (sitemaps.org format). Named in `/robots.txt`; `Cache-Control: public, no-cache` ' +
        'with an ETag.',
    }),
    ApiParam({
      name: 'slug',
      description: 'The site name chosen when publishing.',
      example: 'northwind-coffee',
    }),
    ApiProduces('application/xml'),
    ApiOkResponse({
      description: 'The sitemap.',
      example:
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>http://localhost:3000/sites/northwind-coffee/</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></url>\n' +
        '</urlset>\n',
    }),
    ApiNotModifiedResponse({ description: 'The sitemap the `If-None-Match` ETag names is still current.' }),
    ApiNotFoundResponse({ description: 'No published site has this slug: a "Page not found" page.' }),
  );
}
