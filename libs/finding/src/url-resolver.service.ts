import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { publicKeySchema } from '#folio/content';
import { ProjectRepository } from '#folio/projects';
import { SiteResolver } from '#folio/publishing';

export interface ResolvedUrl {
  projectKey: string;
  /** The page the URL shows, null when it names none (or one the project does not have). */
  pageKey: string | null;
}

const isKey = (value: string | undefined): value is string =>
  value !== undefined && publicKeySchema.safeParse(value).success;

/**
 * Turns the URLs Folio hands out back into their project and page: site URLs
 * (`<base>/sites/<slug>/<path>`), editor URLs (`<base>/editor/<projectKey>[/<pageKey>]`) and embed
 * script URLs (`<base>/embed/<projectKey>/<pageKey>.js`), `<base>` being the public or the sites base
 * URL. Anything else is null. No access check: callers filter the project by the caller's access.
 */
@Injectable()
export class UrlResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly sites: SiteResolver,
  ) {}

  async resolve(url: string): Promise<ResolvedUrl | null> {
    const segments = this.pathSegments(url);
    if (!segments) return null;
    const [area, ...rest] = segments;
    if (area === 'sites' && rest.length >= 1) return this.sites.locate(rest[0], rest.slice(1).join('/'));
    if (area === 'editor' && (rest.length === 1 || rest.length === 2)) {
      return this.known(rest[0], rest[1]);
    }
    if (area === 'embed' && rest.length === 2 && rest[1].endsWith('.js')) {
      return this.known(rest[0], rest[1].slice(0, -'.js'.length));
    }
    return null;
  }

  /** Whether the URL is below the public or the sites base URL (whether or not it names a project). */
  isFolioUrl(url: string): boolean {
    return this.pathSegments(url) !== null;
  }

  /**
   * Decoded path segments below the public base URL or the sites base URL (where site and embed addresses
   * are handed out), or null for another origin or a malformed URL.
   */
  private pathSegments(url: string): string[] | null {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      return null;
    }
    for (const baseUrl of new Set([this.config.publicBaseUrl, this.config.sitesBaseUrl])) {
      const base = new URL(baseUrl);
      const basePath = base.pathname.replace(/\/+$/, '');
      if (parsed.origin !== base.origin || !`${parsed.pathname}/`.startsWith(`${basePath}/`)) continue;
      try {
        return parsed.pathname
          .slice(basePath.length)
          .split('/')
          .filter((segment) => segment !== '')
          .map(decodeURIComponent);
      } catch {
        return null;
      }
    }
    return null;
  }

  private async known(projectKey: string, pageKey: string | undefined): Promise<ResolvedUrl | null> {
    if (!isKey(projectKey) || (pageKey !== undefined && !isKey(pageKey))) return null;
    const found = await this.projects.locate(projectKey, pageKey);
    if (!found) return null;
    return { projectKey, pageKey: found.pageFound ? pageKey! : null };
  }
}
