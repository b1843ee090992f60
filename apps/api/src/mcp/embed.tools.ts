// get_embed_code: the "Get embed code" answer of the editor's publish dialog, for agents; and preview_embed,
// the embed itself for the embed preview view (app-only).
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { type EmbedPreview } from '#folio/mcp-views';
import {
  EmbedCodeService,
  embedOptionsQuery,
  embedOptionsSchema,
  parseEmbedOptions,
} from '#folio/publishing';
import { EmbedService } from '../delivery/embed.service.js';
import { defineTool, readOnlyTool, viewDataTool } from './tool-definition.js';
import { projectPage } from './tool-inputs.js';

const input = embedOptionsSchema.extend(projectPage);

const output = z.object({
  projectKey: z.string(),
  pageKey: z.string(),
  scriptTag: z.string(),
  embedUrl: z.string(),
  pages: z.array(
    z.object({ pageKey: z.string(), title: z.string(), path: z.string(), isIndex: z.boolean() }),
  ),
  readiness: z.object({
    ready: z.boolean(),
    checks: z.array(
      z.object({ name: z.enum(['published', 'page', 'assets']), ok: z.boolean(), message: z.string() }),
    ),
  }),
  /** Each option: its value in this snippet (or its default) and what it does. */
  options: z.record(z.string(), z.object({ value: z.unknown(), description: z.string() })),
});

@Injectable()
export class EmbedTools {
  constructor(
    private readonly embedCode: EmbedCodeService,
    private readonly embeds: EmbedService,
  ) {}

  readonly getEmbedCode = defineTool({
    name: 'get_embed_code',
    title: 'Get embed code',
    description: [
      'The script tag that embeds a project page in another website, with the page list and a readiness check (content shows once the project is published to the embed destination).',
      'To see a page\'s sections first, use get_project_sections with detail: "outline".',
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    handle: ({ actor }, { projectKey, pageKey, ...options }) =>
      this.embedCode.build(actor, projectKey, { pageKey, options }),
  });

  /** The embed preview view's embed: the script /embed serves for get_embed_code's options, checked as it checks them. */
  readonly previewEmbed = defineTool({
    name: 'preview_embed',
    description: 'Embed preview view.',
    input: z.strictObject({ ...projectPage, options: z.record(z.string(), z.unknown()).optional() }),
    // Types the answer; a view's own tools advertise no output schema.
    output: z.custom<EmbedPreview>(),
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
