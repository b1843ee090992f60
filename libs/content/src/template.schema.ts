import { z } from 'zod';
import { elementSchema, publicKeySchema, sectionStylesSchema } from './element.schema.js';
import { interactionSchema } from './interaction.schema.js';

export const templateFieldKinds = ['text', 'html', 'number', 'boolean', 'image', 'style'] as const;
export type TemplateFieldKind = (typeof templateFieldKinds)[number];

/**
 * Where a field's value goes: an element property of the prototype (`text` for text/html/number,
 * `src`/`alt`/`href` for images and links, `visible` for booleans), or a CSS custom property for style fields.
 */
export const fieldBindingSchema = z.union([
  z.strictObject({ elementKey: publicKeySchema, target: z.enum(['text', 'src', 'alt', 'href', 'visible']) }),
  z.strictObject({ property: z.string().regex(/^--[a-z][a-z0-9-]*$/) }),
]);

export const templateFieldSchema = z.strictObject({
  /** Field name in the request body; style fields start with `--`. */
  name: z.string().regex(/^(--)?[A-Za-z][A-Za-z0-9_-]*$/),
  kind: z.enum(templateFieldKinds),
  required: z.boolean().default(false),
  description: z.string().default(''),
  binding: fieldBindingSchema,
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

export const prototypeSchema = z.strictObject({
  tree: elementSchema,
  styles: sectionStylesSchema,
  interactions: z.array(interactionSchema).default([]),
});

export const templateSectionTypeSchema = z.strictObject({
  /** The `_type` callers use. */
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  title: z.string(),
  description: z.string().default(''),
  fields: z.array(templateFieldSchema),
  prototype: prototypeSchema,
});

/** Content pinned to pages (an announcement bar, a footer); shown on the pages whose `pinned` lists it. */
export const templatePinnedSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  title: z.string(),
  description: z.string().default(''),
  placement: z.enum(['top', 'bottom']),
  fields: z.array(templateFieldSchema),
  prototype: prototypeSchema,
});

export const templateSchemaSchema = z.strictObject({
  sectionTypes: z.array(templateSectionTypeSchema).min(1),
  pinned: z.array(templatePinnedSchema).default([]),
});
export type TemplateSchema = z.infer<typeof templateSchemaSchema>;
export type TemplateSectionType = z.infer<typeof templateSectionTypeSchema>;
export type TemplatePinned = z.infer<typeof templatePinnedSchema>;
