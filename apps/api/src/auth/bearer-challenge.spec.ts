import { describe, expect, it } from '@jest/globals';
import { bearerChallenge, insufficientScope, resourceMetadataUrl } from './bearer-challenge.js';

const config = { publicBaseUrl: 'https://folio.example' };
const metadata = 'https://folio.example/.well-known/oauth-protected-resource/v2/mcp';

describe(resourceMetadataUrl.name, () => {
  it('defaults to the MCP resource, takes paths below the base URL and keeps absolute URLs', () => {
    expect(resourceMetadataUrl(config)).toBe(metadata);
    expect(resourceMetadataUrl(config, '/.well-known/oauth-protected-resource/project')).toBe(
      'https://folio.example/.well-known/oauth-protected-resource/project',
    );
    expect(resourceMetadataUrl(config, 'https://elsewhere.example/meta')).toBe(
      'https://elsewhere.example/meta',
    );
  });
});

describe(bearerChallenge.name, () => {
  it('writes the RFC 6750 parameters in order: error, scope, resource_metadata', () => {
    expect(bearerChallenge({ resourceMetadata: metadata })).toBe(`Bearer resource_metadata="${metadata}"`);
    expect(
      bearerChallenge({
        error: 'insufficient_scope',
        scope: ['list:project', 'create:project'],
        resourceMetadata: metadata,
      }),
    ).toBe(
      `Bearer error="insufficient_scope", scope="list:project create:project", resource_metadata="${metadata}"`,
    );
  });
});

describe(insufficientScope.name, () => {
  it('asks for what the key holds plus what it lacks, so re-authorizing loses nothing', () => {
    const refusal = insufficientScope(['list:project'], ['create:project'], metadata);
    expect(refusal.status).toBe(403);
    expect(refusal.challenge).toBe(
      `Bearer error="insufficient_scope", scope="list:project create:project", resource_metadata="${metadata}"`,
    );
    expect(refusal.body).toEqual({
      error: 'insufficient_scope',
      message:
        'This credential lacks the create:project scope. Re-authorize the connection (or use an API key) with create:project.',
      missingScopes: ['create:project'],
    });
  });

  it('names every missing scope, in the canonical order in the challenge', () => {
    const refusal = insufficientScope([], ['create:project', 'list:project'], metadata);
    expect(refusal.challenge).toContain('scope="list:project create:project"');
    expect(refusal.body.missingScopes).toEqual(['create:project', 'list:project']);
    expect(refusal.body.message).toContain('create:project and list:project');
  });
});
