// The page preview of the MCP Apps view: the current (draft) page rendered as its site renders it, with
// absolute asset and font URLs (the view lives on another origin) and width rules as container queries,
// so the view lays the page out at each breakpoint's width inside its own frame.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { defaultBreakpoints, indexPage, type ProjectSnapshot, sectionAssetKeys } from '#folio/content';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { assetsByKey, portableRenderContext, ProjectAccess, ProjectRepository } from '#folio/projects';
import { type PagePreview as ViewPagePreview } from '#folio/mcp-views';
import { pageSections, renderPage } from '#folio/render';
import { unknownPageMessage } from './unknown-page.js';

/** The page preview, but for its editor URL (the edge that knows the editor adds it). */
export type PagePreview = Omit<ViewPagePreview, 'editorUrl'>;

@Injectable()
export class PagePreviewService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
  ) {}

  /** View access. The page `pageKey`, or the home page; an unknown page is NotFoundError naming the pages. */
  async preview(actor: Actor, projectKey: string, pageKey?: string): Promise<PagePreview> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    const snapshot = await this.projects.snapshot(project.id);
    const page = pageKey ? snapshot.pages.find((p) => p.key === pageKey) : indexPage(snapshot);
    if (!page) throw new NotFoundError(missingPage(snapshot, pageKey));

    const sections = pageSections(snapshot, page);
    const assets = await this.projects.assets(project.id, [...new Set(sections.flatMap(sectionAssetKeys))]);
    const context = portableRenderContext(snapshot.project, assetsByKey(assets), this.config.publicBaseUrl);
    const rendered = renderPage(sections, context, { containerMode: true });
    const { breakpoints } = snapshot.project;
    return {
      projectKey: snapshot.project.key,
      projectTitle: snapshot.project.title,
      pageKey: page.key,
      title: page.title,
      pages: snapshot.pages.map((p) => ({ pageKey: p.key, title: p.title, path: p.path })),
      breakpoints: (breakpoints.length ? breakpoints : defaultBreakpoints)
        .map((b) => ({ name: b.name, label: b.label, width: b.previewWidth }))
        .sort((a, b) => b.width - a.width),
      sections: sections.map((section) => ({ sectionKey: section.key, title: section.title })),
      html: rendered.html,
      css: rendered.css,
      script: rendered.script,
      pendingImages: assets.filter((asset) => asset.status === 'pending').length,
    };
  }
}

function missingPage({ project, pages }: ProjectSnapshot, pageKey: string | undefined): string {
  return pageKey ? unknownPageMessage(project.key, pages, pageKey) : `Project ${project.key} has no pages.`;
}
