// The answers to a request an API key does not let through (docs/design.md §5, RFC 6750 §3, RFC 9728 §5.1): the
// guards here and the MCP endpoint use the same headers and bodies.
import { type ExecutionContext, HttpException, HttpStatus } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { type AppConfig } from '#folio/config';
import { MissingScopeError } from '#folio/errors';
import { type Scope, scopes as knownScopes } from '#folio/identity';

/** Where an OAuth client learns how to get a key for the MCP resource; the default for every route. */
export const mcpResourceMetadataPath = '/.well-known/oauth-protected-resource/v2/mcp';

/** An absolute URL is kept; a path is taken relative to `PUBLIC_BASE_URL`. */
export function resourceMetadataUrl(
  config: Pick<AppConfig, 'publicBaseUrl'>,
  pathOrUrl: string = mcpResourceMetadataPath,
): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.publicBaseUrl}${pathOrUrl}`;
}

/** Route metadata set by `@ResourceMetadata`. */
export const resourceMetadataKey = 'folio:resource-metadata';

/** The resource metadata URL for the route being handled: its `@ResourceMetadata`, else the MCP one. */
export function resourceMetadataFor(
  reflector: Reflector,
  config: Pick<AppConfig, 'publicBaseUrl'>,
  context: ExecutionContext,
): string {
  const declared = reflector.getAllAndOverride<string | undefined>(resourceMetadataKey, [
    context.getHandler(),
    context.getClass(),
  ]);
  return resourceMetadataUrl(config, declared);
}

export type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

export interface BearerChallenge {
  /** Absent when no credential was sent (RFC 6750 §3.1: no error code then). */
  error?: BearerError;
  scope?: readonly string[];
  resourceMetadata: string;
}

/** The `WWW-Authenticate` value, e.g. `Bearer error="invalid_token", resource_metadata="…"`. */
export function bearerChallenge({ error, scope, resourceMetadata }: BearerChallenge): string {
  const params: string[] = [];
  if (error) params.push(`error="${error}"`);
  if (scope?.length) params.push(`scope="${scope.join(' ')}"`);
  params.push(`resource_metadata="${resourceMetadata}"`);
  return `Bearer ${params.join(', ')}`;
}

export interface ChallengeBody {
  /** The RFC 6750 error code of the challenge, or `unauthorized` when no credential was sent. */
  error: 'unauthorized' | BearerError;
  message: string;
  missingScopes?: Scope[];
}

export interface Refusal {
  status: HttpStatus.UNAUTHORIZED | HttpStatus.FORBIDDEN;
  /** The `WWW-Authenticate` header value. */
  challenge: string;
  body: ChallengeBody;
}

/** Why a request carried no usable API key. */
export type CredentialFailure = 'missing' | 'conflicting' | 'invalid';

export function unauthenticated(failure: CredentialFailure, resourceMetadata: string): Refusal {
  const status = HttpStatus.UNAUTHORIZED;
  switch (failure) {
    case 'missing':
      return {
        status,
        challenge: bearerChallenge({ resourceMetadata }),
        body: {
          error: 'unauthorized',
          message: 'Send an API key in x-service-key or Authorization: Bearer.',
        },
      };
    case 'conflicting':
      return {
        status,
        challenge: bearerChallenge({ error: 'invalid_request', resourceMetadata }),
        body: {
          error: 'invalid_request',
          message: 'x-service-key and Authorization: Bearer carry different keys; send one key.',
        },
      };
    case 'invalid':
      return {
        status,
        challenge: bearerChallenge({ error: 'invalid_token', resourceMetadata }),
        body: { error: 'invalid_token', message: 'The API key is invalid or has been revoked.' },
      };
  }
}

/**
 * The 403 for a key that lacks scopes. The challenge's `scope` lists what the key already holds plus what
 * is missing: a client re-authorizing with exactly that scope gains the missing ones without losing any.
 */
export function insufficientScope(
  held: readonly Scope[],
  missing: readonly Scope[],
  resourceMetadata: string,
): Refusal {
  const wanted = knownScopes.filter((scope) => held.includes(scope) || missing.includes(scope));
  return {
    status: HttpStatus.FORBIDDEN,
    challenge: bearerChallenge({ error: 'insufficient_scope', scope: wanted, resourceMetadata }),
    body: {
      error: 'insufficient_scope',
      message: new MissingScopeError(missing.join(' and ')).message,
      missingScopes: [...missing],
    },
  };
}

/** Sets the refusal's `WWW-Authenticate` header and returns the exception that sends its body. */
export function refuse(response: Response, refusal: Refusal): HttpException {
  response.setHeader('WWW-Authenticate', refusal.challenge);
  return new HttpException(refusal.body, refusal.status);
}
