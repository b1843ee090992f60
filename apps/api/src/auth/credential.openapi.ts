// OpenAPI documentation of CredentialController.
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type CredentialDto } from './credential.dto.js';

export function ApiShowCredential() {
  return applyDecorators(
    ApiOperation({
      summary: 'Show what the API key can do',
      description:
        'Who the presented key acts as, its scopes, and whether it was made by hand or issued to an OAuth client. ' +
        'A cheap way for a script to check its key before doing anything else. Never cached.',
    }),
    ApiOkResponse({
      description: 'The key is valid.',
      examples: {
        manual: {
          summary: 'A key made in the profile page',
          value: {
            user: { email: 'ada@example.com', name: 'Ada Lovelace' },
            scopes: ['list:project', 'create:project'],
            source: 'manual',
            client: null,
          } satisfies CredentialDto,
        },
        oauth: {
          summary: 'A key issued to a connected app',
          value: {
            user: { email: 'ada@example.com', name: 'Ada Lovelace' },
            scopes: ['list:project'],
            source: 'oauth',
            client: 'https://client.example/oauth-client.json',
          } satisfies CredentialDto,
        },
      },
    }),
  );
}
