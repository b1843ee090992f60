// get_project_sections: the current (draft) project exported section by section, for agents and integrations.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import {
  type Breakpoint,
  type ProjectSnapshot,
  type SnapshotPage,
  type Swatch,
  type Theme,
} from '#folio/content';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { assetsByKey, ProjectRepository } from '#folio/projects';
import { exportSection, type ExportedSection, type RenderContext } from '#folio/render';
import { publicUrl } from '#folio/storage';
import { pageAssetKeys } from './page-content.js';
import { SectionExportRepository } from './section-export.repository.js';

/** Sections one call returns at most; more matching ones are reported in `truncated`. */
export const maxExportedSections = 40;
/** Keys of sections left out that the truncation hint spells out, so an agent can ask for them. */
const maxHintedSectionKeys = 200;

export interface SectionExportRequest {
  /** Only this page. */
  pageKey?: string;
  /** Only these sections (an empty list means no filter). */
  sectionKeys?: string[];
  includeCss: boolean;
  includeInteractions: boolean;
  includeHtml: boolean;
  includeModels: boolean;
}

export type ExportedProjectSection = ExportedSection & { screenshotUrl: string | null };

export interface ExportedPage {
  pageKey: string;
  title: string;
  path: string;
  sections: ExportedProjectSection[];
}

export interface SectionExport {
  projectKey: string;
  /** Latest saved version number, null if never saved. The export itself is of the current draft. */
  versionNumber: number | null;
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
  pages: ExportedPage[];
  truncated?: { totalSections: number; returned: number; hint: string };
}

@Injectable()
export class SectionExportService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly sections: SectionExportRepository,
  ) {}

  /**
   * View access. Pages and sections in project order, at most `maxExportedSections` sections. An unknown
   * pageKey or sectionKeys is NotFoundError naming what exists or what is missing.
   */
  async export(actor: Actor, projectKey: string, request: SectionExportRequest): Promise<SectionExport> {
    const project = await this.projects.findAccessible(actor, projectKey, 'view');
    const snapshot = await this.projects.snapshot(project.id);
    const matching = selectSections(snapshot, request);
    const pages = capSections(matching, maxExportedSections);
    const keys = pages.flatMap((page) => page.sections.map((section) => section.key));
    const [assets, versionNumber, models, screenshots] = await Promise.all([
      this.projects.assets(project.id, [...new Set(pages.flatMap(pageAssetKeys))]),
      this.sections.latestVersionNumber(project.id),
      request.includeModels ? this.sections.sectionModels(project.id, keys) : new Map<string, unknown>(),
      this.sections.screenshotUrls(project.id, keys),
    ]);
    const { preset, theme, breakpoints, swatches } = snapshot.project;
    const context: RenderContext = { preset, theme, breakpoints, assets: assetsByKey(assets) };
    const { includeCss, includeInteractions, includeHtml, includeModels } = request;

    const result: SectionExport = {
      projectKey: project.key,
      versionNumber,
      theme,
      breakpoints,
      swatches,
      pages: pages.map((page) => ({
        pageKey: page.key,
        title: page.title,
        path: page.path,
        sections: page.sections.map((section) => {
          const { sectionKey, title, ...exported } = exportSection(section, context, {
            includeCss,
            includeInteractions,
            includeHtml,
            includeModels,
            model: models.get(section.key) ?? null,
          });
          const screenshot = screenshots.get(section.key);
          const screenshotUrl = screenshot ? publicUrl(this.config.publicBaseUrl, screenshot) : null;
          return { sectionKey, title, screenshotUrl, ...exported };
        }),
      })),
    };
    const total = countSections(matching);
    if (total > keys.length) {
      result.truncated = {
        totalSections: total,
        returned: keys.length,
        hint: truncationHint(matching, new Set(keys)),
      };
    }
    return result;
  }
}

/** The pages (in order) and their sections that the request asks for. */
function selectSections(snapshot: ProjectSnapshot, request: SectionExportRequest): SnapshotPage[] {
  const projectKey = snapshot.project.key;
  let pages = snapshot.pages;
  if (request.pageKey) {
    const page = pages.find((candidate) => candidate.key === request.pageKey);
    if (!page) {
      const known = pages.length ? `Its pages: ${pageList(pages)}.` : 'It has no pages.';
      throw new NotFoundError(`Project ${projectKey} has no page ${request.pageKey}. ${known}`);
    }
    pages = [page];
  }
  if (!request.sectionKeys?.length) return pages;

  const wanted = new Set(request.sectionKeys);
  const selected = pages
    .map((page) => ({ ...page, sections: page.sections.filter((section) => wanted.has(section.key)) }))
    .filter((page) => page.sections.length > 0);
  const found = new Set(selected.flatMap((page) => page.sections.map((section) => section.key)));
  const missing = [...wanted].filter((key) => !found.has(key));
  if (missing.length) {
    const where = request.pageKey ? `on page ${request.pageKey}` : `in project ${projectKey}`;
    throw new NotFoundError(
      `No section ${missing.join(', ')} ${where}. Call without sectionKeys to see the section keys there are.`,
    );
  }
  return selected;
}

/** The first `limit` sections in page order; a page whose sections were all cut is left out. */
function capSections(pages: SnapshotPage[], limit: number): SnapshotPage[] {
  let budget = limit;
  const kept: SnapshotPage[] = [];
  for (const page of pages) {
    if (page.sections.length > 0 && budget === 0) continue;
    const sections = page.sections.slice(0, budget);
    budget -= sections.length;
    kept.push({ ...page, sections });
  }
  return kept;
}

function countSections(pages: SnapshotPage[]): number {
  return pages.reduce((sum, page) => sum + page.sections.length, 0);
}

function pageList(pages: SnapshotPage[]): string {
  return pages.map((page) => `${page.key} ("${page.title}")`).join(', ');
}

/** How to narrow the call: sections per page, and the keys of the sections left out. */
function truncationHint(matching: SnapshotPage[], returned: Set<string>): string {
  const perPage = matching.map((page) => `${page.key} ("${page.title}"): ${page.sections.length}`).join(', ');
  const left = matching.flatMap((page) =>
    page.sections.filter((section) => !returned.has(section.key)).map((section) => section.key),
  );
  const listed = left.slice(0, maxHintedSectionKeys).join(', ');
  const more = left.length > maxHintedSectionKeys ? `, and ${left.length - maxHintedSectionKeys} more` : '';
  return (
    `Only the first ${returned.size} of ${countSections(matching)} sections (in page order) fit in one call. ` +
    `Narrow it with pageKey (sections per page: ${perPage}) or with sectionKeys (up to ${maxExportedSections}). ` +
    `Sections not returned: ${listed}${more}.`
  );
}
