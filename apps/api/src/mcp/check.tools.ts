// check_implementation: an agent's page scored against the draft design at each breakpoint
// (docs/agents.md, "Checking an implementation").
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { type Implementation, ImplementationCheck, maxMismatches } from '#folio/implementation-check';
import { checkPicturesMeta } from '#folio/mcp-views';
import { defineTool, readOnlyTool, withImages } from './tool-definition.js';

/** What one check may carry: the request gate lets this one tool's call be up to 8 MiB. */
export const maxImplementationChars = 7 * 1024 * 1024;

const input = z
  .strictObject({
    projectKey: publicKeySchema,
    pageKey: publicKeySchema,
    sectionKey: publicKeySchema.optional().describe('Only this section of the page.'),
    html: z.string().min(1).max(maxImplementationChars).optional().describe('Whole document with its CSS.'),
    url: z
      .url({ protocol: /^https$/ })
      .max(2000)
      .optional()
      .describe('Public https page.'),
    screenshots: z
      .array(
        z.strictObject({
          breakpoint: z.string().max(40),
          image: z.base64().max(maxImplementationChars).describe('PNG or JPEG'),
        }),
      )
      .min(1)
      .max(6)
      .optional(),
  })
  .refine(
    (args) => [args.html, args.url, args.screenshots].filter((form) => form !== undefined).length === 1,
    {
      message: 'Give exactly one of html, url or screenshots.',
    },
  );

const output = z.object({
  projectKey: z.string(),
  pageKey: z.string(),
  sectionKey: z.string().nullable(),
  revision: z.number().int(),
  overall: z.number(),
  breakpoints: z.array(z.looseObject({ name: z.string(), score: z.number() })),
  mismatches: z.array(z.looseObject({ elementKey: z.string().nullable(), kind: z.string() })),
});

@Injectable()
export class CheckTools {
  constructor(private readonly checks: ImplementationCheck) {}

  readonly checkImplementation = defineTool({
    name: 'check_implementation',
    title: 'Check an implementation',
    description: [
      'Score your implementation of a page or section against its draft design at each breakpoint (0–1: visual, text, layout, color).',
      'Give one of: html (whole document; JS off, no network but Folio assets), url (public https), screenshots.',
      `Mismatches (≤ ${maxMismatches}, worst first) name the design's elementKey; one diff image per breakpoint.`,
    ].join(' '),
    input,
    output,
    annotations: { ...readOnlyTool, idempotentHint: true, openWorldHint: true },
    view: 'check',
    handle: async (principal, { html, url, screenshots, ...target }) => {
      const implementation: Implementation =
        html !== undefined
          ? { html }
          : url !== undefined
            ? { url }
            : {
                screenshots: screenshots!.map((shot) => ({
                  breakpoint: shot.breakpoint,
                  image: Buffer.from(shot.image, 'base64'),
                })),
              };
      const { result, overlays, pictures } = await this.checks.check(principal, {
        ...target,
        implementation,
      });
      // Typed closed in the lib, described open in the schema (tools/list has few bytes to spare).
      return withImages(
        result as unknown as z.input<typeof output>,
        overlays.map((overlay) => ({
          label: `Differences at ${overlay.breakpoint} (${overlay.width} × ${overlay.height}; red: pixels that differ)`,
          data: overlay.png.toString('base64'),
          mimeType: 'image/png',
        })),
        {
          meta: {
            [checkPicturesMeta]: pictures.map((picture) => ({
              breakpoint: picture.breakpoint,
              design: picture.design.toString('base64'),
              implementation: picture.implementation.toString('base64'),
            })),
          },
        },
      );
    },
  });
}
