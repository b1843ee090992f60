import { z } from 'zod';

/** Public keys: short base62 strings starting with a letter; element keys double as DOM ids. */
export const publicKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9]{5,31}$/, 'expected a key: a letter then 5–31 letters or digits');

export const elementTypes = ['frame', 'text', 'image', 'video', 'shape', 'button', 'icon', 'embed'] as const;
export type ElementType = (typeof elementTypes)[number];

export interface Element {
  key: string;
  type: ElementType;
  /** A human label shown in the editor ("Headline", "Card 2"). */
  name?: string;
  /** HTML tag to render with (section, h1, p, ul, a, …); each type has a default. */
  tag?: string;
  /** Text content as HTML (sanitized when rendered). */
  text?: string;
  /** Theme text-style name applied as a class (display, h1, body, …). */
  textStyle?: string;
  /** Image or video URL, inline SVG data URL, or icon name for `icon` elements. */
  src?: string;
  /** Key of the project Asset that tracks this media (status, dimensions); wins over src when ready. */
  asset?: string;
  href?: string;
  alt?: string;
  children?: Element[];
}

export const elementSchema: z.ZodType<Element> = z.lazy(() =>
  z.strictObject({
    key: publicKeySchema,
    type: z.enum(elementTypes),
    name: z.string().max(200).optional(),
    tag: z
      .string()
      .regex(/^[a-z][a-z0-9]*$/)
      .max(20)
      .optional(),
    text: z.string().max(100_000).optional(),
    textStyle: z.string().max(50).optional(),
    src: z.string().max(200_000).optional(),
    asset: publicKeySchema.optional(),
    href: z.string().max(2_000).optional(),
    alt: z.string().max(1_000).optional(),
    children: z.array(elementSchema).max(500).optional(),
  }),
);

/** CSS declarations of one element: property (kebab-case) → value. */
export const declarationsSchema = z.record(z.string().regex(/^(--)?[a-z][a-z0-9-]*$/), z.string().max(2_000));
export type Declarations = z.infer<typeof declarationsSchema>;

/** Per breakpoint, per element key, CSS declarations. */
export const sectionStylesSchema = z.record(z.string(), z.record(z.string(), declarationsSchema));
export type SectionStyles = z.infer<typeof sectionStylesSchema>;

/** Depth-first walk over an element tree. */
export function* walkElements(root: Element): Generator<Element> {
  yield root;
  for (const child of root.children ?? []) yield* walkElements(child);
}
