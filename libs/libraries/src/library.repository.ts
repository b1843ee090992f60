import { Inject, Injectable } from '@nestjs/common';
import { type Element, type SectionStyles } from '#folio/content';
import { asJson, PrismaClient, PrismaService } from '#folio/db';
import { type LibraryOwnership } from '#folio/identity';
import { type SectionAnalysis } from './section-analysis.js';

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

  /** Ids of AI-enabled libraries whose analysis has not been written yet. */
  async awaitingAnalysis(): Promise<string[]> {
    const rows = await this.prisma.library.findMany({
      where: { aiEnabled: true, analyzedAt: null },
      orderBy: { updatedAt: 'asc' },
      select: { id: true },
    });
    return rows.map((row) => row.id);
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
        key: true,
        title: true,
        description: true,
        ownerAccountId: true,
        teamId: true,
        team: { select: { key: true } },
      },
    });
    return rows.map(({ team, ...row }) => ({ ...row, teamKey: team?.key ?? null }));
  }
}
