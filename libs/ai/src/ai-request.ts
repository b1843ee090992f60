// The `ai` object of create_project and create_page (docs/design.md §9): one definition for the tools and the composer.
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';

export const maxAiLibraries = 5;
export const maxAiImages = 20;

export const aiImageSchema = z.strictObject({
  url: z
    .url({ protocol: /^https$/, error: 'expected a public https URL' })
    .max(2_000)
    .describe('Public https URL.'),
  description: z.string().trim().max(500).optional().describe('What it shows.'),
});

export const aiRequestSchema = z.strictObject({
  libraries: z
    .array(publicKeySchema)
    .min(1, `pick 1 to ${maxAiLibraries} libraries from list_libraries`)
    .max(maxAiLibraries, `pick 1 to ${maxAiLibraries} libraries from list_libraries`)
    .describe('Keys from list_libraries.'),
  prompt: z
    .string()
    .trim()
    .min(1, 'describe the page: audience, purpose, tone and the sections you want')
    .max(4_000)
    .describe('Audience, purpose, tone, wanted sections.'),
  text: z.string().max(20_000).optional().describe('Copy and facts to use (prices, names, lists).'),
  images: z
    .array(aiImageSchema)
    .max(maxAiImages, `at most ${maxAiImages} images`)
    .optional()
    .describe('Images to place.'),
  imageStyle: z.string().trim().max(300).optional().describe('Style prefix for generated images.'),
  useOnlyProvidedAssets: z.boolean().optional().describe('Generate no images.'),
});

export type AiRequest = z.output<typeof aiRequestSchema>;

/** How generation ended; the project or page exists either way. */
export type AiOutcome =
  { status: 'generated'; sectionsWritten: number } | { status: 'failed'; message: string };

/** `AiOutcome` as tools describe it: one object rather than a union, which costs agents twice the schema. */
export const aiOutcomeSchema = z.object({
  status: z.enum(['generated', 'failed']),
  sectionsWritten: z.number().int().min(0).optional(),
  message: z.string().optional(),
});
