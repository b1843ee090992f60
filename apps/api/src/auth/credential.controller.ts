import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Principal } from '#folio/identity';
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
  @Get()
  @ApiKeyAuth('list:project')
  @ApiShowCredential()
  @Header('Cache-Control', 'no-store')
  show(@CurrentPrincipal() principal: Principal): CredentialDto {
    return toCredentialDto(principal);
  }
}
