// get_project_sections: a project exported section by section (seed §2.3), in answers an agent can afford.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { breakpointSchema, publicKeySchema, swatchSchema } from '#folio/content';
import { answerTextBytes, maxExportedSections, SectionExportService } from '#folio/publishing';
import { defineTool, readOnlyTool, withImages } from './tool-support.js';

const input = z.strictObject({
  projectKey: publicKeySchema.describe('The project, as find_projects returns it.'),
  detail: z
    .enum(['outline', 'full'])
    .default('full')
    .describe(
      'outline: pages and sections with keys, titles, types, a text digest, screenshot URL and the size of each full section. Start there.',
    ),
  pageKey: publicKeySchema.optional().describe('Only this page.'),
  sectionKeys: z
    .array(publicKeySchema)
    .min(1)
    .max(maxExportedSections)
    .optional()
    .describe(`Only these sections (at most ${maxExportedSections}).`),
  includeCss: z.boolean().default(true).describe('Per-breakpoint CSS and the theme CSS. Default true.'),
  includeInteractions: z.boolean().default(true).describe('Interactions and keyframes. Default true.'),
  includeHtml: z.boolean().default(false).describe('Rendered HTML per section. Default false.'),
  includeModels: z.boolean().default(false).describe('Raw content models. Default false.'),
  includeScreenshots: z
    .boolean()
    .default(false)
    .describe(
      'Also return each section’s screenshot as an image (480 px wide) so you can see the design; fewer sections then fit per answer.',
    ),
  cursor: z.string().max(500).optional().describe('From a previous answer’s truncated.next.'),
});

// Stored content is described, not re-validated: these schemas tell an agent the shape without refusing
// an export over a field the editor added after the content was written.
const elementSchema = z
  .looseObject({ key: z.string() })
  .describe(
    'Element tree: key (= DOM id), type (absent: text if it has text, else frame; or image, video, shape, button, icon, embed), name, tag, text (HTML), textStyle (class ts-<name>), href, alt, src (icon name; media URLs are in assets), children.',
  );

const assetSchema = z.looseObject({
  kind: z.enum(['image', 'video', 'shape', 'font']),
  url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  elementKey: z.string().optional(),
  svg: z.string().optional(),
  icon: z.string().optional().describe('SVG in the answer’s icons.'),
  family: z.string().optional(),
  status: z.enum(['pending', 'failed']).optional().describe('Image still rendering, or failed.'),
});

const sectionSchema = z
  .looseObject({
    sectionKey: z.string(),
    title: z.string(),
    type: z.string(),
    screenshotUrl: z.string().nullable().optional().describe('1200 px wide PNG of the last saved version.'),
    elementTree: elementSchema.optional(),
    css: z
      .array(z.object({ breakpoint: z.string(), media: z.string(), css: z.string() }))
      .optional()
      .describe('Per breakpoint in cascade order; media "" is the base.'),
    assets: z.array(assetSchema).optional(),
    interactions: z
      .array(z.looseObject({}))
      .optional()
      .describe('trigger {type, elementKey} → actions [{targetKey, keyframes, timing (WAAPI)}].'),
    html: z.string().optional(),
    models: z.unknown().optional(),
    sameAs: z
      .string()
      .optional()
      .describe(
        'Same design and content as that section (exported once); elementKeys map its tree’s keys, in order.',
      ),
    elementKeys: z.array(z.string()).optional(),
    digest: z.string().optional(),
    bytes: z.number().optional().describe('Size of this section in a full export.'),
    omitted: z.array(z.string()).optional().describe('Parts left out: this section alone exceeds an answer.'),
  })
  .describe('A section: full, a sameAs reference, or an outline entry.');

const output = z.object({
  projectKey: z.string(),
  versionNumber: z.number().nullable(),
  detail: z.enum(['full', 'outline']),
  theme: z.looseObject({}).optional().describe('Colors, text styles, spacing, radii, fonts.'),
  themeCss: z
    .string()
    .optional()
    .describe(
      'Theme as CSS (custom properties, .ts-* classes, @font-face) under .folio-page: wrap sections in it.',
    ),
  breakpoints: z.array(breakpointSchema).optional(),
  swatches: z.array(swatchSchema).optional(),
  icons: z
    .object({ svg: z.string(), paths: z.record(z.string(), z.string()) })
    .optional()
    .describe('An icon is svg with {paths} replaced by paths[name].'),
  pages: z.array(
    z.object({ pageKey: z.string(), title: z.string(), path: z.string(), sections: z.array(sectionSchema) }),
  ),
  truncated: z
    .object({
      totalSections: z.number(),
      returned: z.number(),
      notReturned: z.array(
        z.object({ pageKey: z.string(), sectionKeys: z.array(z.string()), more: z.number().optional() }),
      ),
      next: z
        .record(z.string(), z.unknown())
        .describe('Arguments of the call for the next part, as they are.'),
      hint: z.string(),
    })
    .optional(),
});

@Injectable()
export class SectionTools {
  constructor(private readonly exports: SectionExportService) {}

  readonly getProjectSections = defineTool({
    name: 'get_project_sections',
    title: 'Export project sections',
    description: [
      'Export a project section by section: element tree, per-breakpoint CSS, assets, interactions, optionally HTML, models and screenshots as images.',
      'Start with detail: "outline" to see pages, section keys and sizes, then fetch what you need with pageKey or sectionKeys.',
      `Each answer stays under ${answerTextBytes / 1000} KB (at most ${maxExportedSections} sections); when cut, truncated.next is the call for the rest.`,
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    handle: async ({ actor }, { projectKey, ...request }) => {
      const { answer, images } = await this.exports.export(actor, projectKey, request);
      // Stored content is typed closed in the domain and open in the schema.
      return withImages(answer as unknown as z.input<typeof output>, images);
    },
  });
}
