import { Inject, Injectable } from '@nestjs/common';
import { type Element, type Interaction, type SectionStyles } from '#folio/content';
import { asJson, Prisma, PrismaClient, PrismaService } from '#folio/db';
import { type LibraryOwnership } from '#folio/identity';
import { type SectionAnalysis } from './section-analysis.js';
import { type SectionRole } from './section-roles.js';

/** A library section as the analysis reads it. */
export interface StoredLibrarySection {
  id: string;
  key: string;
  title: string;
  tree: Element;
  styles: SectionStyles;
}

/** An AI-enabled, analysed library with who owns it. */
export interface AiReadyLibrary extends LibraryOwnership {
  key: string;
  title: string;
  description: string;
  teamKey: string | null;
}

/** A library section as list_libraries lists it. */
export interface ListedLibrarySection {
  librarySectionKey: string;
  title: string;
  role: SectionRole;
}

/** A library section's design, as a page copies it, with the key of its library. */
export interface LibrarySectionDesign {
  id: string;
  key: string;
  libraryKey: string;
  title: string;
  role: SectionRole;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
}

/** A library AI was switched on for and that waits for its analysis. */
export interface AwaitingAnalysis {
  libraryId: string;
  /** When AI was switched on (the library's last change while it waits): names the analysis job. */
  switchedOnAt: Date;
}

/** A library as the people who administer it see it. */
export interface AdministeredLibrary extends LibraryOwnership {
  key: string;
  title: string;
  description: string;
  accountName: string | null;
  teamName: string | null;
  aiEnabled: boolean;
  analyzedAt: Date | null;
  sectionCount: number;
  /** How many sections play each role, by the stored analysis (when there is one). */
  roles: Partial<Record<SectionRole, number>>;
}

/** What every list of libraries shows of one: its key, its words and who owns it. */
const listedLibraryFields = {
  key: true,
  title: true,
  description: true,
  ownerAccountId: true,
  teamId: true,
} as const;

@Injectable()
export class LibraryRepository {
  // Typed as the plain client so the demo seed, which runs outside Nest, can use it too.
  constructor(@Inject(PrismaService) private readonly prisma: PrismaClient) {}

  /** The library's sections in order, or null when there is no such library. */
  async sections(libraryId: string): Promise<StoredLibrarySection[] | null> {
    const library = await this.prisma.library.findUnique({
      where: { id: libraryId },
      select: {
        sections: {
          orderBy: { order: 'asc' },
          select: { id: true, key: true, title: true, tree: true, styles: true },
        },
      },
    });
    return (
      library?.sections.map((section) => ({
        ...section,
        tree: section.tree as unknown as Element,
        styles: section.styles as unknown as SectionStyles,
      })) ?? null
    );
  }

  /** Stores each section's analysis and the library's analysis time, all or nothing. */
  async saveAnalysis(
    libraryId: string,
    analyses: { sectionId: string; analysis: SectionAnalysis }[],
    analyzedAt: Date,
  ): Promise<void> {
    await this.prisma.$transaction([
      ...analyses.map(({ sectionId, analysis }) =>
        this.prisma.librarySection.update({ where: { id: sectionId }, data: { analysis: asJson(analysis) } }),
      ),
      this.prisma.library.update({ where: { id: libraryId }, data: { analyzedAt } }),
    ]);
  }

  /** AI-enabled libraries (all, or of these ids) whose analysis has not been written since AI was switched on. */
  async awaitingAnalysis(libraryIds?: string[]): Promise<AwaitingAnalysis[]> {
    const rows = await this.prisma.library.findMany({
      where: { aiEnabled: true, analyzedAt: null, ...(libraryIds ? { id: { in: libraryIds } } : {}) },
      orderBy: { updatedAt: 'asc' },
      select: { id: true, updatedAt: true },
    });
    return rows.map((row) => ({ libraryId: row.id, switchedOnAt: row.updatedAt }));
  }

  /**
   * Switches AI on or off in the caller's transaction, with `changes` to the library's other fields; true
   * when that changed the library (false for one already so, or no such library).
   */
  async switchAi(
    tx: Prisma.TransactionClient,
    libraryId: string,
    enabled: boolean,
    changes: { analyzedAt?: null } = {},
  ): Promise<boolean> {
    const { count } = await tx.library.updateMany({
      where: { id: libraryId, aiEnabled: !enabled },
      data: { aiEnabled: enabled, ...changes },
    });
    return count > 0;
  }

  /** Libraries owned by these accounts, and with `includePublic` the public ones (no owner account). */
  async administered(ownerAccountIds: string[], includePublic: boolean): Promise<AdministeredLibrary[]> {
    const rows = await this.prisma.library.findMany({
      where: {
        OR: [
          { ownerAccountId: { in: ownerAccountIds } },
          ...(includePublic ? [{ ownerAccountId: null }] : []),
        ],
      },
      select: {
        ...listedLibraryFields,
        aiEnabled: true,
        analyzedAt: true,
        ownerAccount: { select: { name: true } },
        team: { select: { name: true } },
        sections: { select: { analysis: true } },
      },
    });
    return rows.map(({ ownerAccount, team, sections, ...row }) => ({
      ...row,
      accountName: ownerAccount?.name ?? null,
      teamName: team?.name ?? null,
      sectionCount: sections.length,
      roles: roleCounts(sections.map((section) => section.analysis as SectionAnalysis | null)),
    }));
  }

  /** The library with this public key and who owns it, or null. */
  async ownershipByKey(key: string): Promise<(LibraryOwnership & { id: string; title: string }) | null> {
    return this.prisma.library.findUnique({
      where: { key },
      select: { id: true, title: true, ownerAccountId: true, teamId: true },
    });
  }

  /** AI-enabled, analysed libraries that are public or owned by one of these accounts. */
  async aiReady(ownerAccountIds: string[]): Promise<AiReadyLibrary[]> {
    const rows = await this.prisma.library.findMany({
      where: {
        aiEnabled: true,
        analyzedAt: { not: null },
        OR: [{ ownerAccountId: null }, { ownerAccountId: { in: ownerAccountIds } }],
      },
      select: {
        ...listedLibraryFields,
        team: { select: { key: true } },
      },
    });
    return rows.map(({ team, ...row }) => ({ ...row, teamKey: team?.key ?? null }));
  }

  /** The analysed sections of these libraries, each library's in its own order, by library key. */
  async listedSections(libraryKeys: string[]): Promise<Map<string, ListedLibrarySection[]>> {
    const rows = await this.prisma.librarySection.findMany({
      where: { library: { key: { in: libraryKeys } }, analysis: { not: Prisma.DbNull } },
      orderBy: { order: 'asc' },
      select: { key: true, title: true, analysis: true, library: { select: { key: true } } },
    });
    const byLibrary = new Map<string, ListedLibrarySection[]>();
    for (const row of rows) {
      const listed = byLibrary.get(row.library.key) ?? [];
      listed.push({ librarySectionKey: row.key, title: row.title, role: roleOf(row.analysis) });
      byLibrary.set(row.library.key, listed);
    }
    return byLibrary;
  }

  /** The designs of these library sections, by key (unknown keys are absent). */
  async sectionDesigns(sectionKeys: string[]): Promise<Map<string, LibrarySectionDesign>> {
    const rows = await this.prisma.librarySection.findMany({
      where: { key: { in: sectionKeys } },
      select: {
        id: true,
        key: true,
        title: true,
        tree: true,
        styles: true,
        interactions: true,
        analysis: true,
        library: { select: { key: true } },
      },
    });
    return new Map(
      rows.map(({ library, analysis, ...row }) => [
        row.key,
        {
          ...row,
          libraryKey: library.key,
          role: roleOf(analysis),
          tree: row.tree as unknown as Element,
          styles: row.styles as unknown as SectionStyles,
          interactions: row.interactions as unknown as Interaction[],
        },
      ]),
    );
  }
}

function roleOf(analysis: unknown): SectionRole {
  return (analysis as SectionAnalysis | null)?.role ?? 'content';
}

function roleCounts(analyses: (SectionAnalysis | null)[]): Partial<Record<SectionRole, number>> {
  const counts: Partial<Record<SectionRole, number>> = {};
  for (const analysis of analyses) if (analysis) counts[analysis.role] = (counts[analysis.role] ?? 0) + 1;
  return counts;
}
