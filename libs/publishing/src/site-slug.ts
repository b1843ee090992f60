import { z } from 'zod';
import { slugify } from '#folio/projects';

/** A site's address under `<base>/sites/`: what publishing accepts, and what the sites route answers for. */
export const siteSlugSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'expected 1–63 lower-case letters, digits and inner hyphens, e.g. "spring-launch"',
  );

/**
 * The addresses a project's first site takes when none is asked for, in order: its title's slug
 * ("northwind-coffee") — the suggestion its publish state shows — and, should another site have that, the
 * slug (or "site") with the project's key, which no other project has.
 */
export function siteSlugCandidates(project: { title: string; key: string }): string[] {
  const fromTitle = slugify(project.title);
  const withKey = `${fromTitle || 'site'}-${project.key.toLowerCase()}`.slice(0, 63).replace(/-+$/, '');
  return fromTitle ? [fromTitle, withKey] : [withKey];
}
