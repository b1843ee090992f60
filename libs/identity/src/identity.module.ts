import { Module } from '@nestjs/common';
import { AuditModule } from '#folio/audit';
import { AccountDirectoryRepository } from './account-directory.repository.js';
import { ActorRepository } from './actor.repository.js';
import { ActorService } from './actor.service.js';
import { ApiKeyEvents } from './api-key-events.service.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeyService } from './api-key.service.js';
import { PrincipalCache } from './principal-cache.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

/** Credentials, people and the access policy, for every app. Needs DbModule in the app. */
@Module({
  imports: [AuditModule],
  providers: [
    ActorRepository,
    ActorService,
    ApiKeyRepository,
    ApiKeyEvents,
    ApiKeyService,
    PrincipalCache,
    UserRepository,
    UserService,
    SessionRepository,
    SessionService,
    AccountDirectoryRepository,
  ],
  exports: [ActorService, ApiKeyService, UserService, SessionService, PrincipalCache],
})
export class IdentityModule {}
