import { Inject, Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/server';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { MissingScopeError } from '#folio/errors';
import { hasScope, type Principal, type Scope } from '#folio/identity';
import { registerViews, toolUiMeta } from './app-views.js';
import { DocumentTools } from './documents.tools.js';
import { EditTools } from './edit.tools.js';
import { EmbedTools } from './embed.tools.js';
import { LibraryTools } from './libraries.tools.js';
import { ProjectTools } from './projects.tools.js';
import { SectionTools } from './sections.tools.js';
import { type ToolDefinition } from './tool-definition.js';
import { countRefusedToolCall, outcomeOfFailure, recordToolCall, type ToolOutcome } from './tool-metrics.js';
import { toolError, toolResult } from './tool-result.js';
import { toolSchema } from './tool-schema.js';

export const serverInfo = { name: 'folio', title: 'Folio', version: '2.0.0' } as const;

const instructions = [
  'Folio hosts design projects made of pages, and pages made of sections.',
  'Start with find_projects to get project keys. get_project_sections exports a design; get_embed_code builds an embed snippet.',
  'create_project and create_page make projects and pages (they need the create:project scope); with `ai` they generate the page from the libraries list_libraries returns.',
  'edit_project changes a draft and undoes its own changes (edit:project); publishing stays with a person in Folio.',
  'search and fetch find and read projects and pages as text.',
].join(' ');

/**
 * Builds the MCP server for one request, acting as one principal. The SDK serves each stateless
 * request with a fresh server; the tool definitions and their JSON Schemas are made once.
 */
@Injectable()
export class McpServerFactory {
  private readonly tools: {
    definition: ToolDefinition;
    input: ReturnType<typeof toolSchema>;
    output: ReturnType<typeof toolSchema>;
    meta: Record<string, unknown> | undefined;
  }[];
  /** PUBLIC_BASE_URL's, where views load images and fonts from. */
  private readonly folioOrigin: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    projects: ProjectTools,
    embeds: EmbedTools,
    sections: SectionTools,
    libraries: LibraryTools,
    documents: DocumentTools,
    edits: EditTools,
  ) {
    const definitions = [
      { ...projects.findProjects, view: 'gallery' },
      { ...embeds.getEmbedCode, view: 'embed-preview' },
      { ...sections.getProjectSections, view: 'preview' },
      libraries.listLibraries,
      { ...projects.createProject, view: 'preview' },
      { ...projects.createPage, view: 'preview' },
      { ...edits.editProject, view: 'preview' },
      // ChatGPT's deep research and company knowledge call only these two.
      documents.search,
      documents.fetch,
      // The views' own tools, after the agents' tools.
      sections.previewPage,
      embeds.previewEmbed,
    ] as ToolDefinition[];
    this.tools = definitions.map((definition) => ({
      definition,
      // The SDK refuses invalid arguments before the handler runs: they still count as calls.
      input: toolSchema(definition.input, () => countRefusedToolCall(definition.name), {
        described: !definition.appOnly,
      }),
      output: toolSchema(definition.output),
      meta: toolUiMeta(definition),
    }));
    this.folioOrigin = new URL(config.publicBaseUrl).origin;
  }

  /** The scope a tool needs beyond list:project, if any. */
  scopeOf(toolName: string): Scope | undefined {
    return this.tools.find(({ definition }) => definition.name === toolName)?.definition.requiredScope;
  }

  create(principal: Principal, requestId?: string): McpServer {
    // Only what Folio has: tools, the views as resources (and logging levels, accepted). No prompts.
    const server = new McpServer(serverInfo, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, logging: {} },
      instructions,
    });
    registerViews(server, this.folioOrigin);
    for (const { definition, input, output, meta } of this.tools) {
      server.registerTool(
        definition.name,
        {
          title: definition.title,
          description: definition.description,
          inputSchema: input,
          outputSchema: definition.appOnly ? undefined : output,
          annotations: definition.annotations,
          ...(meta ? { _meta: meta } : {}),
        },
        async (args: unknown) => {
          const started = performance.now();
          let outcome: ToolOutcome = 'ok';
          try {
            if (definition.requiredScope && !hasScope(principal, definition.requiredScope)) {
              throw new MissingScopeError(definition.requiredScope);
            }
            return toolResult(
              (await definition.handle(principal, args)) as object,
              definition.appOnly?.summary,
            );
          } catch (error) {
            outcome = outcomeOfFailure(error);
            return toolError(error, definition.name, requestId);
          } finally {
            recordToolCall(definition.name, outcome, (performance.now() - started) / 1000);
          }
        },
      );
    }
    return server;
  }
}
