import { Injectable } from '@nestjs/common';
import {
  type Element,
  type Interaction,
  type SectionDesignParts,
  type SectionStyles,
  type Theme,
} from '#folio/content';
import { Prisma, PrismaService } from '#folio/db';
import { type SectionAnalysis } from '#folio/libraries';
import { type AnalysedLibrarySection } from './composer/candidates.js';

/** A library section as the page writer copies it (LibraryRepository.sectionDesigns reads them). */
export interface LibrarySectionDesign extends SectionDesignParts {
  id: string;
  key: string;
  title: string;
  role: string;
}

/** A section of one of the project's pages, as a new page copies it. */
export interface ProjectSectionCopy extends SectionDesignParts {
  title: string;
  type: string;
  librarySectionId: string | null;
}

/** The navbar and footer a project's pages share: those of its first page that has them. */
export interface ProjectFrame {
  navbar: ProjectSectionCopy | null;
  footer: ProjectSectionCopy | null;
}

/** A section to append to the page, with the generated images it waits for. */
export interface NewPageSection extends SectionDesignParts {
  key: string;
  title: string;
  type: string;
  librarySectionId: string | null;
  pendingImages: { assetKey: string; prompt: string; width: number; height: number }[];
}

export interface GenerationRecord {
  projectId: string;
  pageId: string;
  status: 'generated' | 'failed';
  sectionsWritten: number;
  message: string | null;
  credits: number;
  durationMs: number;
}

/** What AI page generation reads (analysed library sections) and writes (pending images, its record). */
@Injectable()
export class GenerationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Analysed sections of these libraries, in the libraries' order, then each library's own order. */
  async analysedSections(libraryKeys: string[]): Promise<AnalysedLibrarySection[]> {
    const rows = await this.prisma.librarySection.findMany({
      where: { library: { key: { in: libraryKeys } }, analysis: { not: Prisma.DbNull } },
      orderBy: { order: 'asc' },
      select: { key: true, title: true, tree: true, analysis: true, library: { select: { key: true } } },
    });
    const rank = (key: string) => libraryKeys.indexOf(key);
    return rows
      .map((row) => ({
        key: row.key,
        libraryKey: row.library.key,
        title: row.title,
        tree: row.tree as unknown as Element,
        analysis: row.analysis as unknown as SectionAnalysis,
      }))
      .sort((a, b) => rank(a.libraryKey) - rank(b.libraryKey));
  }

  /** A pending image asset for each generated picture; returns their ids, in the order given. */
  async insertPendingImages(
    tx: Prisma.TransactionClient,
    projectId: string,
    images: NewPageSection['pendingImages'],
  ): Promise<string[]> {
    const assets = await Promise.all(
      images.map((image) =>
        tx.asset.create({
          data: {
            key: image.assetKey,
            projectId,
            kind: 'image',
            url: '',
            width: image.width,
            height: image.height,
            status: 'pending',
            prompt: image.prompt,
          },
          select: { id: true },
        }),
      ),
    );
    return assets.map((asset) => asset.id);
  }

  async record(generation: GenerationRecord): Promise<void> {
    await this.prisma.aiGeneration.create({ data: generation });
  }

  async projectLook(
    projectId: string,
  ): Promise<{ title: string; preset: 'desktop' | 'mobile'; theme: Theme }> {
    const project = await this.prisma.project.findUniqueOrThrow({
      where: { id: projectId },
      select: { title: true, preset: true, theme: true },
    });
    return { ...project, theme: project.theme as unknown as Theme };
  }

  /**
   * The navbar and footer of the project's pages other than `pageId`: the home page's first, then the
   * others' in page order.
   */
  async projectFrame(projectId: string, pageId: string): Promise<ProjectFrame> {
    const rows = await this.prisma.section.findMany({
      where: { page: { projectId, id: { not: pageId } }, type: { in: ['navbar', 'footer'] } },
      orderBy: [{ page: { isHome: 'desc' } }, { page: { order: 'asc' } }, { order: 'asc' }],
      select: {
        title: true,
        type: true,
        librarySectionId: true,
        tree: true,
        styles: true,
        interactions: true,
      },
    });
    const copy = (type: string): ProjectSectionCopy | null => {
      const row = rows.find((section) => section.type === type);
      return row
        ? {
            ...row,
            tree: row.tree as unknown as Element,
            styles: row.styles as unknown as SectionStyles,
            interactions: row.interactions as unknown as Interaction[],
          }
        : null;
    };
    return { navbar: copy('navbar'), footer: copy('footer') };
  }
}
