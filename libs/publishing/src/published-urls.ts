// The addresses Folio hands out for projects; UrlResolver reads the same shapes back.
import { normalizePagePath } from '#folio/projects';
import { type EmbedOptions, embedOptionsQuery } from './embed-options.js';

/** `<base>/sites/<slug>/<path>`; the home page (path "") is `<base>/sites/<slug>/`. */
export function siteUrl(base: string, slug: string, path = ''): string {
  const tail = normalizePagePath(path).split('/').map(encodeURIComponent).join('/');
  return `${base}/sites/${slug}/${tail}`;
}

/** `<base>/embed/<projectKey>/<pageKey>.js`, with the options as its query. */
export function embedScriptUrl(
  base: string,
  projectKey: string,
  pageKey: string,
  options: EmbedOptions = {},
): string {
  const query = embedOptionsQuery(options);
  return `${base}/embed/${projectKey}/${pageKey}.js${query ? `?${query}` : ''}`;
}

/** `<base>/editor/<projectKey>[/<pageKey>]`. */
export function editorUrl(base: string, projectKey: string, pageKey?: string | null): string {
  return `${base}/editor/${projectKey}${pageKey ? `/${pageKey}` : ''}`;
}
