import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UnauthenticatedError } from '#folio/errors';
import { type Principal, UserService } from '#folio/identity';
import { ApiKeyAuth } from '../openapi.js';
import { type CredentialDto, toCredentialDto } from './credential.dto.js';
import { ApiShowCredential } from './credential.openapi.js';
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
  @ApiShowCredential()
  @Header('Cache-Control', 'no-store')
  async show(@CurrentPrincipal() principal: Principal): Promise<CredentialDto> {
    const user = await this.users.findById(principal.userId);
    // Deleting a user deletes their keys; this is only the race with a deletion in flight.
    if (!user) throw new UnauthenticatedError('The API key is invalid or has been revoked.');
    return toCredentialDto(principal, user);
  }
}
