import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UnauthenticatedError } from '#folio/errors';
import { type Principal, UserService } from '#folio/identity';
import { ApiKeyAuth } from '../openapi.js';
import { type CredentialDto, toCredentialDto } from './credential.dto.js';
import { CurrentPrincipal } from './principal.decorator.js';
import { RequireScopes } from './require-scopes.decorator.js';

/** `GET /v2/credential`: who the presented key acts as and what it may do. */
@ApiTags('Credential')
@Controller('v2/credential')
@RequireScopes('list:project')
export class CredentialController {
  constructor(private readonly users: UserService) {}

  @Get()
  @ApiKeyAuth('list:project')
  @ApiOperation({
    summary: 'Show what the API key can do',
    description:
      'Who the presented key acts as, its scopes, and whether it was made by hand or issued to an OAuth client. ' +
      'A cheap way for a script to check its key before doing anything else. Never cached.',
  })
  @ApiOkResponse({
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
  })
  @Header('Cache-Control', 'no-store')
  async show(@CurrentPrincipal() principal: Principal): Promise<CredentialDto> {
    const user = await this.users.findById(principal.userId);
    // Deleting a user deletes their keys; this is only the race with a deletion in flight.
    if (!user) throw new UnauthenticatedError('The API key is invalid or has been revoked.');
    return toCredentialDto(principal, user);
  }
}
