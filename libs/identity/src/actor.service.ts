import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { NotFoundError } from '#folio/errors';
import { type Actor, actorOf, type PersonWithRoles } from './actor.js';
import { ActorRepository } from './actor.repository.js';

/** Makes actors: a person with their roles, as the rules see them, operators named by ADMIN_EMAILS. */
@Injectable()
export class ActorService {
  private readonly operatorEmails: ReadonlySet<string>;

  constructor(
    private readonly people: ActorRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'adminEmails'>,
  ) {
    this.operatorEmails = new Set(config.adminEmails);
  }

  /** The user as they are now (their roles read afresh); NotFoundError for a user that does not exist. */
  async load(userId: string, restrictedToAccountId: string | null = null): Promise<Actor> {
    const person = await this.people.person(userId);
    if (!person) throw new NotFoundError('No such user.');
    return this.of(person, restrictedToAccountId);
  }

  /** The actor of a person read with their roles (by a session or an API key). */
  of(person: PersonWithRoles, restrictedToAccountId: string | null = null): Actor {
    return actorOf(person, this.operatorEmails, restrictedToAccountId);
  }
}
