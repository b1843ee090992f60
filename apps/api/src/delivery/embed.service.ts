// Embed scripts: the published embed version of a page, rendered once per (version, assets, options).
import { Inject, Injectable } from '@nestjs/common';
import postcss from 'postcss';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type SnapshotSection } from '#folio/content';
import { InvalidInputError } from '#folio/errors';
import { portableRenderContext } from '#folio/projects';
import {
  EmbedResolver,
  type EmbedOptions,
  embedOptionsFromQuery,
  embedOptionsQuery,
  type ResolvedPublishedPage,
} from '#folio/publishing';
import { applyTemplateValues, escapeHtml, pageSections, renderPage } from '#folio/render';
import { embedScript } from './embed-script.js';
import { digest, RenderCache } from './render-cache.js';

export interface EmbedResponse {
  body: string;
  etag: string;
  /** False for the message scripts (not published, no such page, bad options): never cached long. */
  published: boolean;
}

const messages = {
  not_published:
    'This Folio project is not published as an embed yet. Open it in the Folio editor and choose Publish → “Get embed code”.',
  no_such_page:
    'This Folio page is not part of the published embed version. Check the page in the embed code, or publish the project again.',
};

/**
 * How long a looked-up published version is reused. Loading it reads the whole version snapshot (about
 * 5 ms for the demo site, the embed budget's size); a publish shows within this time — well inside the
 * script's own `max-age=60` — and at once when it came from this process's editor (see `forget`).
 */
export const resolutionTtlMs = 1000;

/**
 * Stands for the instance suffix in a light-DOM embed's ids, id selectors, same-page links, root class and
 * host selector; the embed script replaces it per embed ('' for the first of a project on the host page,
 * `-2`, `-3`, … after it), so two embeds of one page on one host page share no ids and neither's CSS
 * styles the other. A Unicode noncharacter: reserved for internal use, never written by escaping, and
 * left as it is by `cssIdent`.
 */
export const instanceMark = '\uFDD0';

type Resolution =
  { published: ResolvedPublishedPage; assetsDigest: string } | { error: 'not_published' | 'no_such_page' };

@Injectable()
export class EmbedService {
  private readonly cache = new RenderCache<EmbedResponse>(500);
  private readonly resolutions = new RenderCache<{ at: number; resolution: Promise<Resolution> }>(1000);
  /** How many scripts were rendered (not served from the cache): tests and the bench read it. */
  renders = 0;

  constructor(
    private readonly embeds: EmbedResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Drops what this process remembers of a project's published version (after publishing it). */
  forget(projectKey: string): void {
    this.resolutions.deleteWhere((key) => key.startsWith(`${projectKey}/`));
  }

  async script(projectKey: string, pageKey: string, query: Record<string, unknown>): Promise<EmbedResponse> {
    let options: EmbedOptions;
    try {
      options = embedOptionsFromQuery(query);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return this.message(
        `${projectKey}/${pageKey}`,
        `This embed code has invalid options: ${error.message}`,
        {},
      );
    }
    const resolution = await this.resolve(projectKey, pageKey);
    if ('error' in resolution)
      return this.message(`${projectKey}/${pageKey}`, messages[resolution.error], options);

    const { published, assetsDigest } = resolution;
    const key = [projectKey, pageKey, published.version, assetsDigest, embedOptionsQuery(options)].join('\0');
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = this.render(published, options);
    const response = { body, etag: `"v${published.version}-${digest(key, body)}"`, published: true };
    this.cache.set(key, response);
    return response;
  }

  /** The published page, looked up at most once per `resolutionTtlMs` (concurrent requests share it). */
  private resolve(projectKey: string, pageKey: string): Promise<Resolution> {
    const key = `${projectKey}/${pageKey}`;
    const now = Date.now();
    const known = this.resolutions.get(key);
    if (known && now - known.at < resolutionTtlMs) return known.resolution;
    const resolution = this.embeds
      .resolve(projectKey, pageKey)
      .then((resolved): Resolution =>
        'error' in resolved
          ? resolved
          : { published: resolved, assetsDigest: digest(JSON.stringify(resolved.assets)) },
      );
    this.resolutions.set(key, { at: now, resolution });
    resolution.catch(() => this.resolutions.deleteWhere((k) => k === key));
    return resolution;
  }

  private render({ snapshot, page, assets }: ResolvedPublishedPage, options: EmbedOptions): string {
    this.renders++;
    const { project } = snapshot;
    const id = `${project.key}/${page.key}`;
    // Shadow roots keep instances apart already; in the light DOM every id and selector is per instance.
    const mark = options.shadowdom ? '' : instanceMark;
    const rootClass = `folio-embed-${page.key}${mark}`;
    const variables = options.templateVariables;
    const { sections: own, unknownVariables } = variables
      ? withTemplateValues(page.sections, snapshot.templateFields ?? {}, variables)
      : { sections: page.sections, unknownVariables: [] };
    // Template variables are for the page's own sections; pinned items show the project's values.
    const sections = pageSections(snapshot, { ...page, sections: own });
    // Host pages live on other origins: asset and font URLs must name Folio's.
    const context = portableRenderContext(project, assets, this.config.publicBaseUrl);
    // In container mode the root is the inline-size container its @container rules query.
    const rendered = renderPage(sections, context, {
      rootClass,
      containerMode: options.containerMode,
      idSuffix: mark,
    });
    const host = options.shadowdom ? ':host' : `[data-folio-embed="${id}${mark}"]`;
    const hostCss = options.fill
      ? `${host}{display:block;height:100%}.${rootClass}{min-height:100%;box-sizing:border-box}\n`
      : `${host}{display:block}\n`;
    const { fontCss, rest } = options.shadowdom
      ? splitFontFaces(rendered.css)
      : { fontCss: '', rest: rendered.css };
    return embedScript({
      id,
      html: rendered.html,
      css: hostCss + rest,
      fontCss: fontCss || undefined,
      shadowdom: options.shadowdom,
      target: options.target,
      instances: mark ? { mark, group: project.key } : undefined,
      interactions: sections.flatMap((section) => section.interactions ?? []),
      warning: unknownVariables.length
        ? `no template field is named ${unknownVariables.join(', ')} on this page; those templateVariables were ignored.`
        : undefined,
    });
  }

  private message(id: string, text: string, options: EmbedOptions): EmbedResponse {
    const body = embedScript({
      id,
      html: `<div class="folio-embed-message" role="note"><strong>Folio</strong><p>${escapeHtml(text)}</p></div>`,
      css: '.folio-embed-message{box-sizing:border-box;margin:0;padding:16px 20px;border:1px solid #e3e6ee;border-radius:10px;background:#f8f9fc;color:#151a2d;font:15px/1.5 system-ui,sans-serif}.folio-embed-message p{margin:4px 0 0;color:#5b6378}',
      shadowdom: options.shadowdom,
      target: options.target,
      warning: text,
    });
    return { body, etag: `"m-${digest(body)}"`, published: false };
  }
}

/**
 * Template variables over the sections made from the template (by section type), and the variable names
 * no section of the page has a field for.
 */
export function withTemplateValues(
  sections: SnapshotSection[],
  fieldsByType: NonNullable<ResolvedPublishedPage['snapshot']['templateFields']>,
  values: Record<string, string>,
): { sections: SnapshotSection[]; unknownVariables: string[] } {
  const used = new Set<string>();
  const result = sections.map((section) => {
    const fields = fieldsByType[section.type];
    if (!fields?.length) return section;
    for (const field of fields) if (field.name in values) used.add(field.name);
    return applyTemplateValues(section, fields, values);
  });
  return { sections: result, unknownVariables: Object.keys(values).filter((name) => !used.has(name)) };
}

/** `@font-face` rules apart from the rest (top-level ones: that is where the renderer puts them). */
function splitFontFaces(css: string): { fontCss: string; rest: string } {
  const root = postcss.parse(css);
  const fonts: string[] = [];
  root.walkAtRules('font-face', (rule) => {
    fonts.push(rule.toString());
    rule.remove();
  });
  return { fontCss: fonts.join('\n'), rest: root.toString() };
}
