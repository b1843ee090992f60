// What the editor page shows: the project's pages, the current (draft) page rendered, versions, publish state.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { NotFoundError } from '#folio/errors';
import { type Actor, projectAccess } from '#folio/identity';
import {
  assetsByKey,
  authorLabel,
  DraftChangeRepository,
  ProjectAccess,
  ProjectRepository,
} from '#folio/projects';
import {
  type EmbedCode,
  EmbedCodeService,
  type EmbedOptions,
  type PublishState,
  PublishService,
} from '#folio/publishing';
import { pageSections, renderPageDocument, withServedFonts } from '#folio/render';
import { type VersionListItem, VersionService } from '#folio/versions';

export interface EditorPageLink {
  key: string;
  title: string;
  path: string;
  isHome: boolean;
  href: string;
  current: boolean;
}

export interface EditorView {
  project: { key: string; title: string; preset: 'desktop' | 'mobile' };
  canEdit: boolean;
  pages: EditorPageLink[];
  page: EditorPageLink & { sectionCount: number };
  /** The draft page as a whole document for the preview frame, and the CSP sources its scripts need. */
  preview: { document: string; scriptSources: string[] };
  /** The project's breakpoints, widest first: the preview lays the page out at each one's width. */
  breakpoints: { name: string; label: string; width: number }[];
  versions: VersionListItem[];
  /** The draft's newest changes, newest first: who made each (as people read it), when, and what it did. */
  changes: { by: string; summary: string; createdAt: Date }[];
  /** Where it is published, and its site's address (`slug`): the one it has, or the one suggested. */
  publishState: PublishState;
  siteBase: string;
  embed?: EmbedCode;
}

/** How many of the draft's changes the history shows. */
const shownChanges = 10;

@Injectable()
export class EditorService {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly versions: VersionService,
    private readonly history: DraftChangeRepository,
    private readonly publishing: PublishService,
    private readonly embedCodes: EmbedCodeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The editor page of `projectKey` at `pageKey` (the home page when absent) for `actor`; with `embed`,
   * also the embed code of that page with those options (after "Get embed code").
   */
  async view(
    actor: Actor,
    projectKey: string,
    pageKey: string | undefined,
    embed?: { options: EmbedOptions },
  ): Promise<EditorView> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    const snapshot = await this.projects.snapshot(project.id);
    const page = pageKey
      ? snapshot.pages.find((p) => p.key === pageKey)
      : (snapshot.pages.find((p) => p.isHome) ?? snapshot.pages[0]);
    if (!page) {
      throw new NotFoundError(
        pageKey ? `Project ${projectKey} has no page ${pageKey}.` : `Project ${projectKey} has no pages yet.`,
      );
    }
    const [assets, versions, states, changes] = await Promise.all([
      this.projects.assets(project.id),
      this.versions.list(actor, projectKey),
      this.publishing.publishState([project.id]),
      this.history.recent(project.id, shownChanges),
    ]);
    const sections = pageSections(snapshot, page);
    const context = {
      preset: project.preset,
      theme: withServedFonts(project.theme, this.config.publicBaseUrl),
      breakpoints: project.breakpoints,
      assets: assetsByKey(assets),
    };
    const preview = renderPageDocument(sections, context, {
      title: `${page.title} · ${project.title} (draft)`,
      description: page.description,
      lang: 'en',
    });
    const publishState = states.get(project.id)!;
    const link = (p: { key: string; title: string; path: string; isHome: boolean }): EditorPageLink => ({
      key: p.key,
      title: p.title,
      path: p.path,
      isHome: p.isHome,
      href: `/editor/${project.key}/${p.key}`,
      current: p.key === page.key,
    });
    return {
      project: { key: project.key, title: project.title, preset: project.preset },
      canEdit: projectAccess(actor, { accountId: project.accountId, teamId: project.teamId }) === 'edit',
      pages: snapshot.pages.map(link),
      page: { ...link(page), sectionCount: sections.length },
      preview: { document: preview.html, scriptSources: preview.scriptSources },
      breakpoints: project.breakpoints
        .map(({ name, label, previewWidth }) => ({ name, label, width: previewWidth }))
        .sort((a, b) => b.width - a.width),
      versions,
      changes: changes.map(({ author, summary, createdAt }) => ({
        by: authorLabel(author),
        summary,
        createdAt,
      })),
      publishState,
      siteBase: `${this.config.sitesBaseUrl}/sites/`,
      embed: embed
        ? await this.embedCodes.build(actor, projectKey, { pageKey: page.key, options: embed.options })
        : undefined,
    };
  }
}
