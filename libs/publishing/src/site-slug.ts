import { z } from 'zod';

/** A site's address under `<base>/sites/`: what publishing accepts, and what the sites route answers for. */
export const siteSlugSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'expected 1–63 lower-case letters, digits and inner hyphens, e.g. "spring-launch"',
  );
