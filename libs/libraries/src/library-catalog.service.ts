import { Injectable } from '@nestjs/common';
import { NotFoundError } from '#folio/errors';
import {
  type Actor,
  libraryUsableAt,
  type Placement,
  projectAccess,
  visibleProjectScope,
} from '#folio/identity';
import {
  type AiReadyLibrary,
  type LibrarySectionDesign,
  type ListedLibrarySection,
  LibraryRepository,
} from './library.repository.js';

/** list_libraries with includeSections lists at most this many sections of each library… */
export const maxListedSectionsPerLibrary = 40;
/** …and at most this many in all, so the answer stays within the agent budget. */
export const maxListedSections = 300;

/** A library as list_libraries shows it. */
export interface AiLibrary {
  libraryKey: string;
  title: string;
  description: string;
  /** public: anyone may use it; own: it belongs to the account. */
  ownership: 'public' | 'own';
  /** Set for a team-limited library, usable only inside that team. */
  teamKey?: string;
  /** With includeSections: the library's analysed sections, in order, capped (sectionCount says how many). */
  sections?: ListedLibrarySection[];
  sectionCount?: number;
}

/** A library section asked for by key: its design when usable where the page goes, or why not. */
export type SectionAtPlacement = { design: LibrarySectionDesign } | { problem: 'unknown' | 'not_usable' };

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

  /** listForAi, each library with its analysed sections (capped: see maxListedSectionsPerLibrary). */
  async listWithSections(actor: Actor, where: Placement | null): Promise<AiLibrary[]> {
    const libraries = await this.listForAi(actor, where);
    const sections = await this.libraries.listedSections(libraries.map((library) => library.libraryKey));
    let room = maxListedSections;
    return libraries.map((library) => {
      const all = sections.get(library.libraryKey) ?? [];
      const listed = all.slice(0, Math.min(maxListedSectionsPerLibrary, room));
      room -= listed.length;
      return { ...library, sections: listed, sectionCount: all.length };
    });
  }

  /**
   * The designs of these library sections, each only when its library is one listForAi offers at `where`
   * (the rule AI page generation follows): the section of a library not usable there is refused.
   */
  async sectionsAt(
    actor: Actor,
    where: Placement,
    sectionKeys: string[],
  ): Promise<Map<string, SectionAtPlacement>> {
    const designs = await this.libraries.sectionDesigns([...new Set(sectionKeys)]);
    const usable = new Set((await this.listForAi(actor, where)).map((library) => library.libraryKey));
    return new Map(
      sectionKeys.map((key): [string, SectionAtPlacement] => {
        const design = designs.get(key);
        if (!design) return [key, { problem: 'unknown' }];
        if (!usable.has(design.libraryKey)) return [key, { problem: 'not_usable' }];
        return [key, { design }];
      }),
    );
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
