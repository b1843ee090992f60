// get_embed_code: the "Get embed code" answer of the editor's publish dialog, for agents.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { EmbedCodeService, embedOptionsSchema } from '#folio/publishing';
import { defineTool, readOnlyTool } from './tool-support.js';

const input = embedOptionsSchema.extend({
  projectKey: publicKeySchema.describe('From find_projects.'),
  pageKey: publicKeySchema.optional().describe('Default: the home page.'),
});

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
  constructor(private readonly embedCode: EmbedCodeService) {}

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
}
