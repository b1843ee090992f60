// The `ai` object of create_project and create_page (seed §4.1): one definition for the tools and the composer.
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';

export const maxAiLibraries = 5;
export const maxAiImages = 20;

export const aiImageSchema = z.strictObject({
  url: z
    .url({ protocol: /^https$/, error: 'expected a public https URL' })
    .max(2_000)
    .describe('A public https image URL.'),
  description: z
    .string()
    .trim()
    .max(500)
    .optional()
    .describe('What the image shows, so it is placed where it fits.'),
});

export const aiRequestSchema = z
  .strictObject({
    libraries: z
      .array(publicKeySchema)
      .min(1, `pick 1 to ${maxAiLibraries} libraries from list_libraries`)
      .max(maxAiLibraries, `pick 1 to ${maxAiLibraries} libraries from list_libraries`)
      .describe(`1 to ${maxAiLibraries} library keys from list_libraries (called with the same scope).`),
    prompt: z
      .string()
      .trim()
      .min(1, 'describe the page: audience, purpose, tone and the sections you want')
      .max(4_000)
      .describe('What the page is for: audience, purpose, tone, wanted sections.'),
    text: z
      .string()
      .max(20_000)
      .optional()
      .describe('Copy or facts to use on the page (paragraphs, lists, prices, names).'),
    images: z
      .array(aiImageSchema)
      .max(maxAiImages, `at most ${maxAiImages} images`)
      .optional()
      .describe('Images to place on the page; each url must be public https.'),
    imageStyle: z.string().trim().max(300).optional().describe('Style prefix for generated images.'),
    useOnlyProvidedAssets: z
      .boolean()
      .optional()
      .describe('When true, no images are generated; only the provided ones are used.'),
  })
  .describe(
    'Generate the page with AI from section libraries. Spends AI credits of the account (or team) the page goes to; takes up to about a minute.',
  );

export type AiRequest = z.output<typeof aiRequestSchema>;

export const aiOutcomeSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('generated'),
      sectionsWritten: z.number().int().min(0).describe('Sections written to the page.'),
    }),
    z.object({
      status: z.literal('failed'),
      message: z.string().describe('Why generation failed; the project or page exists anyway.'),
    }),
  ])
  .describe('Present when `ai` was passed: what generation did.');

export type AiOutcome = z.output<typeof aiOutcomeSchema>;
