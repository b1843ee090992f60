// What is published where: read in SQL along with the projects that carry it, turned into URLs here.
import { Prisma } from '#folio/db';
import { type DestinationKind, destinationKinds } from './destination-kind.js';
import { embedScriptUrl, siteUrl } from './published-urls.js';
import { siteSlugCandidates } from './site-slug.js';

export interface PublishedDestination {
  kind: DestinationKind;
  url: string | null;
  publishedAt: Date;
}

export interface PublishState {
  published: boolean;
  destinations: PublishedDestination[];
  /**
   * The site's address, `<sites base>/sites/<slug>/`: where it is published as a site, else the one a first
   * site publish asks for (`siteSlugCandidates`).
   */
  slug: string;
}

/** A project's latest publication of one kind, as {@link publishedDestinationsColumn} reads it. */
export interface PublishedDestinationRow {
  kind: DestinationKind;
  slug: string | null;
  /** Embed: the index page of the published version. */
  indexPageKey: string | null;
  /** Milliseconds since the epoch. */
  publishedAt: number;
}

/**
 * A JSON array of {@link PublishedDestinationRow}: the latest publication of each kind of the project
 * `p` (two publishes racing on a new destination can each create its row; the latest one counts). An
 * embed published before its config kept the index page finds it in its version's snapshot, as
 * `indexPage` does: the home page, else the first.
 */
export const publishedDestinationsColumn = Prisma.sql`(
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'kind', d.kind, 'slug', d.slug, 'indexPageKey', d."indexPageKey", 'publishedAt', d."publishedAt")), '[]'::jsonb)
  FROM (
    SELECT DISTINCT ON (pub.kind) pub.kind, pub.slug,
      round(extract(epoch FROM pub."publishedAt") * 1000)::bigint AS "publishedAt",
      CASE WHEN pub.kind = 'embed' THEN coalesce(pub.config->>'indexPageKey', (
        SELECT page->>'key'
        FROM "ProjectVersion" v CROSS JOIN jsonb_array_elements(v.snapshot->'pages') WITH ORDINALITY AS x(page, n)
        WHERE v.id = pub."versionId"
        ORDER BY (page->>'isHome')::boolean IS TRUE DESC, n
        LIMIT 1
      )) END AS "indexPageKey"
    FROM "Publication" pub
    WHERE pub."projectId" = p.id
    ORDER BY pub.kind, pub."publishedAt" DESC
  ) d
)`;

/** A project as its publish state is made from: read with its {@link publishedDestinationsColumn}. */
export interface ProjectWithDestinations {
  key: string;
  title: string;
  destinations: readonly PublishedDestinationRow[];
}

/** The publish state of a project: each destination with its URL, and the site's `slug`. */
export function publishStateOf(project: ProjectWithDestinations, sitesBaseUrl: string): PublishState {
  const projectKey = project.key;
  const site = project.destinations.find((row) => row.kind === 'site');
  const slug = site?.slug ?? siteSlugCandidates(project)[0];
  const destinations = project.destinations
    .map((row) => {
      let url: string | null = null;
      if (row.kind === 'site' && row.slug) url = siteUrl(sitesBaseUrl, row.slug);
      if (row.kind === 'embed' && row.indexPageKey) {
        url = embedScriptUrl(sitesBaseUrl, projectKey, row.indexPageKey);
      }
      return { kind: row.kind, url, publishedAt: new Date(Number(row.publishedAt)) };
    })
    .sort((a, b) => destinationKinds.indexOf(a.kind) - destinationKinds.indexOf(b.kind));
  return { published: destinations.length > 0, destinations, slug };
}
