import { Injectable } from '@nestjs/common';
import { NotFoundError } from '#folio/errors';
import {
  type Actor,
  libraryUsableAt,
  type Placement,
  projectAccess,
  visibleProjectScope,
} from '#folio/identity';
import { type AiReadyLibrary, LibraryRepository } from './library.repository.js';

/** A library as list_libraries shows it. */
export interface AiLibrary {
  libraryKey: string;
  title: string;
  description: string;
  /** public: anyone may use it; own: it belongs to the account. */
  ownership: 'public' | 'own';
  /** Set for a team-limited library, usable only inside that team. */
  teamKey?: string;
}

/** Which section libraries AI page generation may use. */
@Injectable()
export class LibraryCatalog {
  constructor(private readonly libraries: LibraryRepository) {}

  /**
   * AI-enabled, analysed libraries, public ones first, then by title. With a placement (where the page
   * will go, which the actor must see): those usable there. Without: public ones and the account-wide
   * libraries of the actor's accounts (team-limited ones need a placement in their team).
   */
  async listForAi(actor: Actor, where: Placement | null): Promise<AiLibrary[]> {
    if (where && projectAccess(actor, where) === 'none') {
      throw new NotFoundError('That account or workspace is not visible to you.');
    }
    const accountIds = where ? [where.accountId] : visibleProjectScope(actor).accountIds;
    const usable = (await this.libraries.aiReady(accountIds)).filter((library) =>
      where ? libraryUsableAt(library, where) : library.teamId === null,
    );
    return usable.sort(publicFirstThenTitle).map(toAiLibrary);
  }
}

function publicFirstThenTitle(a: AiReadyLibrary, b: AiReadyLibrary): number {
  const ownership = Number(a.ownerAccountId !== null) - Number(b.ownerAccountId !== null);
  return ownership || a.title.localeCompare(b.title) || a.key.localeCompare(b.key);
}

function toAiLibrary(library: AiReadyLibrary): AiLibrary {
  const listed: AiLibrary = {
    libraryKey: library.key,
    title: library.title,
    description: library.description,
    ownership: library.ownerAccountId === null ? 'public' : 'own',
  };
  if (library.teamKey) listed.teamKey = library.teamKey;
  return listed;
}
