// preview_page and preview_embed: the tools the MCP Apps views call through their host and the model does
// not see (`_meta.ui.visibility: ["app"]`). Same key, scopes and access policy as every other tool.
import { Inject, Injectable } from '@nestjs/common';
import { type ToolAnnotations } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { publicKeySchema } from '#folio/content';
import { PagePreviewService } from '#folio/exports';
import { EmbedCodeService, editorUrl, embedOptionsQuery, parseEmbedOptions } from '#folio/publishing';
import { EmbedService } from '../delivery/embed.service.js';
import { defineTool } from './tool-support.js';

const pagePreviewInput = z.strictObject({
  projectKey: publicKeySchema.describe('From find_projects.'),
  pageKey: publicKeySchema.optional().describe('Default: the home page.'),
});

// Output schemas type the handlers; a view's own tools do not advertise them (tools/list stays lean).
const pagePreviewOutput = z.object({
  projectKey: z.string(),
  projectTitle: z.string(),
  pageKey: z.string(),
  title: z.string(),
  pages: z.array(z.object({ pageKey: z.string(), title: z.string(), path: z.string() })),
  breakpoints: z.array(z.object({ name: z.string(), label: z.string(), width: z.number() })),
  sections: z.array(z.object({ sectionKey: z.string(), title: z.string() })),
  html: z.string(),
  css: z.string(),
  script: z.string(),
  pendingImages: z.number(),
  editorUrl: z.string(),
});

// The options of get_embed_code, passed on as the view got them and checked as get_embed_code checks them.
const embedPreviewInput = pagePreviewInput.extend({ options: z.record(z.string(), z.unknown()).optional() });

const embedPreviewOutput = z.object({
  projectKey: z.string(),
  pageKey: z.string(),
  scriptTag: z.string(),
  /** The embed script as /embed serves it for these options. */
  script: z.string(),
});

// Read-only, so hosts call them for a view without asking the person; nothing more (tools/list's budget).
const viewDataTool: ToolAnnotations = { readOnlyHint: true };

@Injectable()
export class ViewTools {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly previews: PagePreviewService,
    private readonly embedCode: EmbedCodeService,
    private readonly embeds: EmbedService,
  ) {}

  /** The page preview view's page: rendered as its site shows it, with its pages and breakpoints. */
  readonly previewPage = defineTool({
    name: 'preview_page',
    input: pagePreviewInput,
    output: pagePreviewOutput,
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

  /** The embed preview view's embed: the script /embed serves for get_embed_code's options. */
  readonly previewEmbed = defineTool({
    name: 'preview_embed',
    input: embedPreviewInput,
    output: embedPreviewOutput,
    annotations: viewDataTool,
    appOnly: {
      summary: (embed) => `Embed preview of page ${embed.pageKey} of project ${embed.projectKey}.`,
    },
    handle: async ({ actor }, { projectKey, pageKey, options: given }) => {
      const options = parseEmbedOptions(given);
      const code = await this.embedCode.build(actor, projectKey, { pageKey, options });
      const query = Object.fromEntries(new URLSearchParams(embedOptionsQuery(options)));
      const { body } = await this.embeds.script(code.projectKey, code.pageKey, query);
      return { projectKey: code.projectKey, pageKey: code.pageKey, scriptTag: code.scriptTag, script: body };
    },
  });
}
