// What an edit_project call may ask: the operations, their arguments and their limits.
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';

export const maxChanges = 50;
/** A text element's new text, in characters. */
export const maxTextLength = 5_000;
export const maxPageTitleLength = 200;
export const maxPageDescriptionLength = 500;
export const maxUrlLength = 2_000;

const elementKey = publicKeySchema.describe('An element key from get_project_sections.');
const sectionKey = publicKeySchema.describe('A section key from get_project_sections.');
const after = publicKeySchema.nullable().describe('Section key of the page to go after; null: first.');
const tokens = z.record(z.string(), z.string().nullable());

export const editChangeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('setText'), elementKey, text: z.string() }),
  z.strictObject({
    op: z.literal('setStyle'),
    elementKey,
    breakpoint: z.string().optional().describe('Default: the first (desktop or mobile first).'),
    style: z.record(z.string(), z.string().nullable()).describe('CSS property: value, or null to remove.'),
  }),
  z.strictObject({ op: z.literal('setImage'), elementKey, url: z.string(), alt: z.string().optional() }),
  z.strictObject({ op: z.literal('setLink'), elementKey, href: z.string() }),
  z.strictObject({
    op: z.literal('addSection'),
    pageKey: publicKeySchema,
    after,
    sectionKey: sectionKey.optional().describe('Copy this section of the project (new keys).'),
    librarySectionKey: publicKeySchema
      .optional()
      .describe('Or add this library section (list_libraries with includeSections: true).'),
  }),
  z.strictObject({ op: z.literal('removeSection'), sectionKey }),
  z.strictObject({ op: z.literal('moveSection'), sectionKey, after }),
  z.strictObject({
    op: z.literal('setTheme'),
    colors: tokens.optional(),
    spacing: tokens.optional(),
    radii: tokens.optional(),
    textStyles: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  }),
  z.strictObject({
    op: z.literal('setPageMeta'),
    pageKey: publicKeySchema,
    title: z.string().optional(),
    description: z.string().optional(),
    imageUrl: z.string().nullable().optional(),
  }),
  z.strictObject({ op: z.literal('undo') }),
]);
export type EditChange = z.output<typeof editChangeSchema>;

export const editChangesSchema = z
  .array(editChangeSchema)
  .min(1, 'give at least one change')
  .max(maxChanges, `at most ${maxChanges} changes per call; split them over several calls`);

/** The image URLs a list of changes sets, with their paths: probed before anything is written. */
export function imageUrlsOf(changes: readonly EditChange[]): { url: string; path: string }[] {
  return changes.flatMap((change, index) => {
    if (change.op === 'setImage') return [{ url: change.url, path: `changes[${index}].url` }];
    if (change.op === 'setPageMeta' && change.imageUrl) {
      return [{ url: change.imageUrl, path: `changes[${index}].imageUrl` }];
    }
    return [];
  });
}

/** The library sections a list of changes adds, with their paths: checked before anything is written. */
export function librarySectionsOf(changes: readonly EditChange[]): { key: string; path: string }[] {
  return changes.flatMap((change, index) =>
    change.op === 'addSection' && change.librarySectionKey !== undefined
      ? [{ key: change.librarySectionKey, path: `changes[${index}].librarySectionKey` }]
      : [],
  );
}
