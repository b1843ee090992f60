// The section plan: what a composer decides and the page writer carries out (docs/design.md §9).
import { z } from 'zod';

export const maxPlannedSections = 12;
/** A generated image prompt; the page's imageStyle is put in front of it by the writer. */
export const maxImagePrompt = 400;
export const maxAltText = 300;

const elementKey = z.string().min(1).max(40);

const imageFill = z.discriminatedUnion('source', [
  z.strictObject({
    source: z.literal('provided'),
    /** One of the request's `images[].url`, exactly. */
    url: z.string().max(2_000),
    alt: z.string().max(2_000),
  }),
  z.strictObject({
    source: z.literal('generated'),
    /** What to draw, without style: the writer prefixes the request's imageStyle. Cut to maxImagePrompt. */
    prompt: z.string().min(1).max(4_000),
    alt: z.string().max(2_000),
  }),
  /** The image element is removed (useOnlyProvidedAssets with no image left to place). */
  z.strictObject({ source: z.literal('none') }),
]);

export const slotFillSchema = z.discriminatedUnion('kind', [
  z.strictObject({ elementKey, kind: z.literal('text'), text: z.string().max(5_000) }),
  z.strictObject({ elementKey, kind: z.literal('image'), image: imageFill }),
  /** A lucide icon name (kebab-case), e.g. `shield-check`. */
  z.strictObject({ elementKey, kind: z.literal('icon'), icon: z.string().max(60) }),
]);

export const plannedSectionSchema = z.strictObject({
  /** Key of a library section from the composition's candidates. */
  sectionKey: z.string().min(1).max(40),
  /** Slots to fill; a slot left out keeps the library's content. */
  fills: z.array(slotFillSchema).max(200),
});

export const sectionPlanSchema = z.strictObject({
  /** In page order: hero first, footer last. */
  sections: z.array(plannedSectionSchema).min(1).max(maxPlannedSections),
});

export type SlotFill = z.output<typeof slotFillSchema>;
export type ImageFill = z.output<typeof imageFill>;
export type PlannedSection = z.output<typeof plannedSectionSchema>;
export type SectionPlan = z.output<typeof sectionPlanSchema>;
