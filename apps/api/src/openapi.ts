// The api app's OpenAPI 3 document (Swagger UI at /docs, JSON at /docs-json) and the decorators its
// controllers use to document API-key authentication the same way everywhere.
import { applyDecorators } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import {
  ApiExtension,
  ApiForbiddenResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  DocumentBuilder,
  SwaggerModule,
} from '@nestjs/swagger';
import { type AppConfig } from '#folio/config';
import { RateLimitedException } from '#folio/http';
import { type Scope } from '#folio/identity';
import { insufficientScope, unauthenticated } from './auth/bearer-challenge.js';

export const apiDocsPath = '/docs';
export const apiDocsJsonPath = '/docs-json';

/** The two security schemes: the same API key, sent in either header. */
export const apiKeySchemes = { serviceKey: 'x-service-key', bearer: 'bearer' } as const;

const description = [
  'Folio hosts design projects and opens them to scripts (REST) and AI agents (MCP).',
  'Authenticated routes take an API key (`folio_sk_…` made in your profile, or `folio_at_…` issued to a connected',
  'app) in the `x-service-key` header or as `Authorization: Bearer <key>`; send one of them (both only when they',
  'carry the same key). A route lists the scopes the key needs in `x-required-scopes`.',
].join(' ');

/** Operation tags, in the order the docs show them; every tag a controller uses must be here. */
const tags: Record<string, string> = {
  Templates: 'Publish templates and create projects from them.',
  Projects: 'Change existing projects and their pages.',
  MCP: 'The Model Context Protocol endpoint AI agents connect to, and how they get a key for it.',
  Credential: 'What an API key can do.',
  'Embeds and sites': 'Published pages: embed scripts for other websites, and sites hosted by Folio.',
  Health: 'Probes for orchestrators and load balancers.',
};

/** Serves the OpenAPI document of `app` and Swagger UI; call it before `init()`/`listen()`. */
export function mountApiDocs(app: NestExpressApplication, config: AppConfig): void {
  const builder = new DocumentBuilder()
    .setTitle('Folio API')
    .setDescription(description)
    .setVersion('2')
    .addServer(config.publicBaseUrl)
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-service-key',
        description: 'An API key: `folio_sk_…` or `folio_at_…`.',
      },
      apiKeySchemes.serviceKey,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'Folio API key',
        description: 'The same API key as `Authorization: Bearer <key>`.',
      },
      apiKeySchemes.bearer,
    );
  for (const [name, text] of Object.entries(tags)) builder.addTag(name, text);
  const document = () => SwaggerModule.createDocument(app, builder.build());
  SwaggerModule.setup(apiDocsPath, app, document, {
    raw: ['json'],
    jsonDocumentUrl: apiDocsJsonPath,
    customSiteTitle: 'Folio API',
    customfavIcon: '/favicon.ico',
    // The public validator badge would load an image from validator.swagger.io, which the CSP refuses.
    swaggerOptions: { validatorUrl: null, showExtensions: true },
  });
}

/**
 * Documents routes behind `@RequireScopes`: either security scheme, every scope the route needs (its class's
 * and its own), the 401 and 403 bodies the guards answer with, and the rate limit's 429. A handler that
 * documents its own 401/403 takes it on the handler, above those, so their examples merge; a class-level
 * one would be replaced.
 */
export function ApiKeyAuth(...scopes: Scope[]) {
  const challenge = {
    'WWW-Authenticate': {
      description: 'Bearer challenge naming the error and the protected resource metadata URL.',
      schema: { type: 'string' },
    },
  };
  const decorators = [
    ApiSecurity(apiKeySchemes.serviceKey),
    ApiSecurity(apiKeySchemes.bearer),
    ApiExtension('x-required-scopes', scopes),
    ApiUnauthorizedResponse({
      description: 'No API key, two different keys, or an unknown or revoked key.',
      headers: challenge,
      examples: {
        missing: { summary: 'No key sent', value: unauthenticated('missing', '').body },
        invalid: { summary: 'Unknown or revoked key', value: unauthenticated('invalid', '').body },
        conflicting: { summary: 'Two different keys', value: unauthenticated('conflicting', '').body },
      },
    }),
    ApiTooManyRequestsResponse({
      description:
        'Over the rate limit of the key (or, without one, of the client address). `/v2/mcp` answers with a ' +
        'JSON-RPC error carrying the same message and `data.retryAfterSeconds`.',
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
      example: new RateLimitedException(42).getResponse(),
    }),
  ];
  if (scopes.length) {
    decorators.push(
      ApiForbiddenResponse({
        description: `The key lacks a scope: this route needs ${scopes.join(' and ')}.`,
        headers: challenge,
        examples: {
          scope: { summary: 'Missing scope', value: insufficientScope([], scopes, '').body },
        },
      }),
    );
  }
  return applyDecorators(...decorators);
}
