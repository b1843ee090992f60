// get_embed_code: the "Get embed code" answer of the editor's publish dialog, for agents.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { EmbedCodeService, embedOptionNames, embedOptionsSchema } from '#folio/publishing';
import { defineTool, readOnlyTool } from './tool-support.js';

const input = embedOptionsSchema.extend({
  projectKey: publicKeySchema.describe('The project, as find_projects returns it.'),
  pageKey: publicKeySchema.optional().describe('The page to embed. Default: the index (home) page.'),
});

const output = z.object({
  projectKey: z.string(),
  pageKey: z.string(),
  scriptTag: z.string().describe('Ready to paste into the host page where the content should appear.'),
  embedUrl: z.string().describe('The embed script URL, options included.'),
  pages: z
    .array(z.object({ pageKey: z.string(), title: z.string(), path: z.string(), isIndex: z.boolean() }))
    .describe('The pages that can be embedded.'),
  readiness: z
    .object({
      ready: z.boolean().describe('True when the snippet will show the page now.'),
      checks: z.array(
        z.object({
          name: z.enum(['published', 'page', 'assets']),
          ok: z.boolean(),
          message: z.string().describe('What the check found and, when it failed, what to do.'),
        }),
      ),
    })
    .describe(
      'Whether the embed resolves: it does only once the project is published to the embed destination.',
    ),
  options: z
    .object(
      Object.fromEntries(
        embedOptionNames.map((name) => [name, z.object({ value: z.unknown(), description: z.string() })]),
      ) as Record<
        (typeof embedOptionNames)[number],
        z.ZodObject<{ value: z.ZodUnknown; description: z.ZodString }>
      >,
    )
    .describe('Every embed option: its value in this snippet (or its default) and what it does.'),
});

@Injectable()
export class EmbedTools {
  constructor(private readonly embedCode: EmbedCodeService) {}

  readonly getEmbedCode = defineTool({
    name: 'get_embed_code',
    title: 'Get embed code',
    description: [
      'Build the script tag that embeds a project page in another website, with its URL, the list of pages and a readiness check.',
      'The embed shows content only after the project is published to the embed destination (editor → Publish → Get embed code); `readiness` says whether it is and what to do if not.',
      'Options: fill, shadowdom, containerMode, target, templateVariables — each documented in the result `options`.',
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    handle: ({ actor }, { projectKey, pageKey, ...options }) =>
      this.embedCode.build(actor, projectKey, { pageKey, options }),
  });
}
