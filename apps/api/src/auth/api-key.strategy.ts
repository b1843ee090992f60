import { type IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { ApiKeyService, type Principal } from '#folio/identity';
import { type CredentialFailure } from './bearer-challenge.js';

export const apiKeyStrategyName = 'api-key';

export type PresentedApiKey = { key: string } | { failure: Exclude<CredentialFailure, 'invalid'> };

/**
 * The key a request presents, in `x-service-key` or as `Authorization: Bearer` (docs/design.md §5). Both may be
 * sent when they agree; two different keys are refused rather than one silently preferred. An empty
 * value counts as not sent (a script's unset variable), an Authorization of another scheme is ignored.
 */
export function presentedApiKey(headers: IncomingHttpHeaders): PresentedApiKey {
  const serviceKey = typeof headers['x-service-key'] === 'string' ? headers['x-service-key'].trim() : '';
  const bearer = /^Bearer(?:\s+(.*))?$/i.exec(headers.authorization ?? '')?.[1]?.trim() ?? '';
  if (serviceKey && bearer && serviceKey !== bearer) return { failure: 'conflicting' };
  const key = serviceKey || bearer;
  return key ? { key } : { failure: 'missing' };
}

/** The one key the request presents, or null (none, or two that disagree). */
export function presentedApiKeyText(headers: IncomingHttpHeaders): string | null {
  const presented = presentedApiKey(headers);
  return 'key' in presented ? presented.key : null;
}

/**
 * Passport strategy `api-key`: `req.user` becomes the key's Principal. A refused credential is a Passport
 * failure carrying its CredentialFailure, so ApiKeyGuard can answer with the right challenge; a database
 * error stays an error (500), never a 401.
 *
 * Passport keeps strategies in a process-wide registry, so the api app created last in a process serves
 * them: run one api app per process (the standalone process does).
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy<
  typeof Strategy,
  Principal,
  Principal | [false, CredentialFailure]
>(Strategy, apiKeyStrategyName) {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async validate(req: Request): Promise<Principal | [false, CredentialFailure]> {
    const presented = presentedApiKey(req.headers);
    if ('failure' in presented) return [false, presented.failure];
    return (await this.apiKeys.authenticate(presented.key)) ?? [false, 'invalid'];
  }
}
