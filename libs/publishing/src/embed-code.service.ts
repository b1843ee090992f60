import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type SnapshotPage, indexPage } from '#folio/content';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { pageAssetKeys, ProjectAccess, ProjectRepository } from '#folio/projects';
import {
  embedOptionDefaults,
  embedOptionDocs,
  embedOptionNames,
  type EmbedOptions,
  parseEmbedOptions,
} from './embed-options.js';
import { PublicationRepository } from './publication.repository.js';
import { embedScriptUrl } from './published-urls.js';

export interface EmbedPageInfo {
  pageKey: string;
  title: string;
  path: string;
  isIndex: boolean;
}

export interface ReadinessCheck {
  name: 'published' | 'page' | 'assets';
  ok: boolean;
  /** What the check found, and what to do when it failed. */
  message: string;
}

export interface EmbedCode {
  projectKey: string;
  pageKey: string;
  /** `<script src="…" async></script>`, with `data-target` when a target is set. */
  scriptTag: string;
  embedUrl: string;
  /** The pages that can be embedded: those of the published version (of the draft before any publish). */
  pages: EmbedPageInfo[];
  readiness: { ready: boolean; checks: ReadinessCheck[] };
  /** Every embed option with its value in this snippet (or its default) and what it does. */
  options: Record<keyof EmbedOptions, { value: unknown; description: string }>;
}

export interface EmbedCodeRequest {
  /** Default: the index page. */
  pageKey?: string;
  options?: EmbedOptions;
}

/** The "Get embed code" answer: snippet, URL, pages, and whether the embed will show content yet. */
@Injectable()
export class EmbedCodeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly publications: PublicationRepository,
  ) {}

  /** View access. An unknown page key is NotFoundError; an unpublished page is a failed readiness check. */
  async build(actor: Actor, projectKey: string, request: EmbedCodeRequest): Promise<EmbedCode> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    const options = parseEmbedOptions(request.options ?? {});
    const published = await this.publications.findPublished(project.key, 'embed');
    const draft = await this.projects.snapshot(project.id);
    const listed = published?.snapshot ?? draft;

    const pageKey = request.pageKey ?? indexPage(listed)?.key;
    const publishedPage = published?.snapshot.pages.find((p) => p.key === pageKey) ?? null;
    const draftPage = draft.pages.find((p) => p.key === pageKey) ?? null;
    if (!pageKey || (!publishedPage && !draftPage)) {
      throw new NotFoundError(
        request.pageKey
          ? `Project ${project.key} has no page ${request.pageKey}.`
          : `Project ${project.key} has no pages.`,
      );
    }

    const checks: ReadinessCheck[] = [
      published
        ? {
            name: 'published',
            ok: true,
            message: `Published as an embed: version ${published.versionNumber}, ${published.publishedAt.toISOString()}.`,
          }
        : {
            name: 'published',
            ok: false,
            message:
              'Not published as an embed yet, so the snippet shows a "not published" notice. Publish the project to the embed destination (editor → Publish → Get embed code).',
          },
      pageCheck(published?.versionNumber ?? null, publishedPage, draftPage!),
      await this.assetsCheck(project.id, publishedPage ?? draftPage!),
    ];
    const embedUrl = embedScriptUrl(this.config.sitesBaseUrl, project.key, pageKey, options);
    const target = options.target ? ` data-target="${escapeAttribute(options.target)}"` : '';
    return {
      projectKey: project.key,
      pageKey,
      scriptTag: `<script src="${escapeAttribute(embedUrl)}"${target} async></script>`,
      embedUrl,
      pages: listed.pages.map((page) => ({
        pageKey: page.key,
        title: page.title,
        path: page.path,
        isIndex: page.key === indexPage(listed)?.key,
      })),
      readiness: { ready: checks.every((check) => check.ok), checks },
      options: Object.fromEntries(
        embedOptionNames.map((name) => [
          name,
          { value: options[name] ?? embedOptionDefaults[name], description: embedOptionDocs[name] },
        ]),
      ) as EmbedCode['options'],
    };
  }

  private async assetsCheck(projectId: string, page: SnapshotPage): Promise<ReadinessCheck> {
    const keys = pageAssetKeys(page);
    const assets = await this.projects.assets(projectId, keys);
    const found = new Set(assets.map((asset) => asset.key));
    const pending = assets.filter((asset) => asset.status === 'pending').map((asset) => asset.key);
    const failed = assets.filter((asset) => asset.status === 'failed').map((asset) => asset.key);
    const missing = keys.filter((key) => !found.has(key));
    if (pending.length + failed.length + missing.length === 0) {
      return {
        name: 'assets',
        ok: true,
        message: keys.length
          ? `All ${keys.length} assets of the page are ready.`
          : 'The page uses no tracked assets.',
      };
    }
    const problems = [
      pending.length
        ? `${pending.length} still being generated or uploaded (${pending.join(', ')}): wait and check again`
        : '',
      failed.length ? `${failed.length} failed (${failed.join(', ')}): replace them and publish again` : '',
      missing.length
        ? `${missing.length} no longer exist (${missing.join(', ')}): replace them and publish again`
        : '',
    ].filter(Boolean);
    return { name: 'assets', ok: false, message: `Assets not ready: ${problems.join('; ')}.` };
  }
}

function pageCheck(
  publishedVersion: number | null,
  publishedPage: SnapshotPage | null,
  draftPage: SnapshotPage,
): ReadinessCheck {
  if (publishedPage) {
    return {
      name: 'page',
      ok: true,
      message: `Page "${publishedPage.title}" is in the published version ${publishedVersion}.`,
    };
  }
  return {
    name: 'page',
    ok: false,
    message:
      publishedVersion === null
        ? `Page "${draftPage.title}" exists only as a draft; it appears once the project is published as an embed.`
        : `Page "${draftPage.title}" is not in the published version ${publishedVersion}; publish again to include it.`,
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
