// get_project_sections: a project exported section by section (seed §2.3).
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { breakpointSchema, publicKeySchema, swatchSchema } from '#folio/content';
import { maxExportedSections, SectionExportService } from '#folio/publishing';
import { defineTool, readOnlyTool } from './tool-support.js';

const input = z.strictObject({
  projectKey: publicKeySchema.describe('The project to export, as find_projects returns it.'),
  pageKey: publicKeySchema.optional().describe('Export only this page. Default: all pages.'),
  sectionKeys: z
    .array(publicKeySchema)
    .min(1)
    .max(maxExportedSections, `at most ${maxExportedSections} section keys per call`)
    .optional()
    .describe('Export only these sections. Default: all sections.'),
  includeCss: z.boolean().default(true).describe('Include real per-breakpoint CSS. Default true.'),
  includeInteractions: z
    .boolean()
    .default(true)
    .describe('Include interactions and animation keyframes. Default true.'),
  includeHtml: z
    .boolean()
    .default(false)
    .describe('Include the rendered HTML of each section. Default false.'),
  includeModels: z
    .boolean()
    .default(false)
    .describe('Include the raw content model of each section (e.g. template fields). Default false.'),
});

// Stored content is described, not re-validated: these schemas tell an agent the shape without refusing
// an export over a field the editor added after the content was written.
const storedElementSchema = z
  .looseObject({ key: z.string(), type: z.string(), children: z.array(z.looseObject({})).optional() })
  .describe(
    "The section's element tree. Each element: key (also its DOM id), type (frame, text, image, video, shape, button, icon, embed), and optionally name, tag, text (HTML), textStyle, src, asset, href, alt, children.",
  );

const assetSchema = z.object({
  kind: z.enum(['image', 'video', 'shape', 'font']),
  url: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  elementKey: z.string().optional().describe('The element using the asset (also its DOM id).'),
  svg: z.string().optional().describe('Inline SVG markup, for shapes and icons.'),
  family: z.string().optional().describe('Font family, for fonts.'),
});

const sectionSchema = z.object({
  sectionKey: z.string(),
  title: z.string(),
  screenshotUrl: z
    .string()
    .nullable()
    .describe(
      'A 1200 px wide PNG of the section as it was in the newest saved version; null until one exists.',
    ),
  elementTree: storedElementSchema,
  css: z
    .array(
      z.object({
        breakpoint: z.string(),
        media: z.string().describe('The media query, "" for the base styles.'),
        css: z.string(),
      }),
    )
    .optional(),
  assets: z.array(assetSchema).describe('Every image, video, shape (inline SVG) and font the section uses.'),
  interactions: z
    .array(
      z.looseObject({
        trigger: z.looseObject({ type: z.string(), elementKey: z.string() }),
        actions: z.array(
          z.looseObject({
            targetKey: z.string(),
            keyframes: z.array(z.record(z.string(), z.unknown())),
            timing: z.looseObject({}),
          }),
        ),
      }),
    )
    .optional()
    .describe('Triggers reference elements by key; animations are CSS-property keyframes with WAAPI timing.'),
  html: z.string().optional(),
  models: z.unknown().optional(),
});

const output = z.object({
  projectKey: z.string(),
  versionNumber: z.number().int().nullable().describe('Latest saved version, null if never saved.'),
  theme: z
    .looseObject({
      colors: z.record(z.string(), z.string()),
      textStyles: z.record(z.string(), z.looseObject({})),
      spacing: z.record(z.string(), z.string()),
      radii: z.record(z.string(), z.string()),
    })
    .describe(
      'The resolved design theme: colors, text styles, spacing, radii, fonts (CSS custom properties --color-*, --space-*, --radius-*; text styles as .ts-<name>).',
    ),
  breakpoints: z.array(breakpointSchema),
  swatches: z.array(swatchSchema),
  pages: z.array(
    z.object({ pageKey: z.string(), title: z.string(), path: z.string(), sections: z.array(sectionSchema) }),
  ),
  truncated: z
    .object({ totalSections: z.number().int(), returned: z.number().int(), hint: z.string() })
    .optional()
    .describe(`Present when more than ${maxExportedSections} sections matched: how to narrow the call.`),
});

@Injectable()
export class SectionTools {
  constructor(private readonly exports: SectionExportService) {}

  readonly getProjectSections = defineTool({
    name: 'get_project_sections',
    title: 'Export project sections',
    description: [
      'Export a project section by section: element tree (text as HTML), per-breakpoint CSS, assets with URLs and sizes, interactions, and optionally rendered HTML and raw content models, plus the project theme, breakpoints and swatches.',
      `At most ${maxExportedSections} sections per call; for larger projects narrow with pageKey or sectionKeys (the result's \`truncated\` says how).`,
      'Use it to rebuild or analyse a design in code.',
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    // The stored-content schemas are open (index signatures) where the domain types are closed.
    handle: async ({ actor }, { projectKey, ...request }) =>
      (await this.exports.export(actor, projectKey, request)) as unknown as z.input<typeof output>,
  });
}
