// get_project_sections: a project exported section by section (docs/design.md §6), in answers an agent can
// afford; and preview_page, a page as its site renders it for the page preview view (app-only).
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { publicKeySchema } from '#folio/content';
import {
  answerTextBytes,
  maxExportedSections,
  PagePreviewService,
  SectionExportService,
} from '#folio/exports';
import { type PagePreview } from '#folio/mcp-views';
import { editorUrl } from '#folio/publishing';
import { defineTool, readOnlyTool, viewDataTool, withImages } from './tool-definition.js';
import { projectPage } from './tool-inputs.js';

const input = z.strictObject({
  projectKey: publicKeySchema.describe('From find_projects.'),
  detail: z
    .enum(['outline', 'full'])
    .default('full')
    .describe('outline: keys, titles, types, digest, screenshot URL, full size per section.'),
  pageKey: publicKeySchema.optional().describe('Only this page.'),
  sectionKeys: z
    .array(publicKeySchema)
    .min(1)
    .max(maxExportedSections)
    .optional()
    .describe(`Only these sections (at most ${maxExportedSections}).`),
  includeCss: z.boolean().default(true).describe('Per-breakpoint CSS and theme CSS.'),
  includeInteractions: z.boolean().default(true).describe('Interactions and keyframes.'),
  includeHtml: z.boolean().default(false).describe('Rendered HTML per section.'),
  includeModels: z.boolean().default(false).describe('Raw content models.'),
  includeScreenshots: z
    .boolean()
    .default(false)
    .describe('Also return section screenshots as images (480 px wide).'),
  cursor: z.string().max(500).optional().describe('From a previous answer’s truncated.next.'),
});

// Described, not re-validated; what each entry holds is in the tool description and the answer itself.
const sectionSchema = z.looseObject({ sectionKey: z.string(), title: z.string(), type: z.string() });

const output = z.object({
  projectKey: z.string(),
  versionNumber: z.number().nullable(),
  revision: z.number().int(),
  detail: z.enum(['full', 'outline']),
  theme: z.looseObject({}).optional(),
  themeCss: z.string().optional(),
  breakpoints: z.array(z.looseObject({})).optional(),
  swatches: z.array(z.looseObject({})).optional(),
  icons: z.looseObject({}).optional(),
  pages: z.array(
    z.object({ pageKey: z.string(), title: z.string(), path: z.string(), sections: z.array(sectionSchema) }),
  ),
  truncated: z.looseObject({ next: z.looseObject({}) }).optional(),
});

@Injectable()
export class SectionTools {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exports: SectionExportService,
    private readonly previews: PagePreviewService,
  ) {}

  readonly getProjectSections = defineTool({
    name: 'get_project_sections',
    title: 'Export project sections',
    description: [
      'Export sections: element trees (key = DOM id; no type = text if it has text, else frame), per-breakpoint CSS, assets, interactions, themeCss (wrap in .folio-page); optionally HTML, models, screenshot images.',
      'Start with detail: "outline", then narrow by pageKey or sectionKeys.',
      'A repeat of an earlier section (navbar) is sameAs its key, with its own elementKeys in tree order.',
      `Answers stay under ${answerTextBytes / 1000} KB; when cut, call again with truncated.next.`,
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    handle: async ({ actor }, { projectKey, ...request }) => {
      const { answer, images, json } = await this.exports.export(actor, projectKey, request);
      // Stored content is typed closed in the domain and open in the schema.
      return withImages(answer as unknown as z.input<typeof output>, images, json);
    },
  });

  /** The page preview view's page: rendered as its site renders it, with its pages and breakpoints. */
  readonly previewPage = defineTool({
    name: 'preview_page',
    description: 'Page preview view.',
    input: z.strictObject(projectPage),
    // Types the answer; a view's own tools advertise no output schema.
    output: z.custom<PagePreview>(),
    annotations: viewDataTool,
    appOnly: {
      summary: (page) =>
        `Preview of page ${page.pageKey} of project ${page.projectKey}: ${page.sections.length} sections, ${page.pendingImages} pictures rendering.`,
    },
    handle: async ({ actor }, { projectKey, pageKey }) => {
      const page = await this.previews.preview(actor, projectKey, pageKey);
      return { ...page, editorUrl: editorUrl(this.config.publicBaseUrl, page.projectKey, page.pageKey) };
    },
  });
}
