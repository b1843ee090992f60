import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  createRequestStateCodec,
  isInputRequiredResult,
  McpServer,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { MissingScopeError } from '#folio/errors';
import { hasScope, type Principal, type Scope } from '#folio/identity';
import { registerViews, toolUiMeta } from './app-views.js';
import { CheckTools } from './check.tools.js';
import { DocumentTools } from './documents.tools.js';
import { EditTools } from './edit.tools.js';
import { EmbedTools } from './embed.tools.js';
import { LibraryTools } from './libraries.tools.js';
import { ProjectTools } from './projects.tools.js';
import { PublishTools } from './publish.tools.js';
import { SectionTools } from './sections.tools.js';
import { type ToolCall, type ToolDefinition } from './tool-definition.js';
import { countRefusedToolCall, outcomeOfFailure, recordToolCall, type ToolOutcome } from './tool-metrics.js';
import { toolError, toolResult } from './tool-result.js';
import { toolSchema } from './tool-schema.js';

export const serverInfo = { name: 'folio', title: 'Folio', version: '2.0.0' } as const;

/** How long a client may take to come back with a multi-round-trip call's state: a publish link's life. */
const callStateLifetimeSeconds = 30 * 60;

const instructions = [
  'Folio hosts design projects made of pages, and pages made of sections.',
  'Start with find_projects to get project keys. get_project_sections exports a design; get_embed_code builds an embed snippet.',
  'create_project and create_page make projects and pages (they need the create:project scope); with `ai` they generate the page from the libraries list_libraries returns.',
  'edit_project changes a draft and undoes its own changes (edit:project); publish_project gives a link where a person confirms the publish in Folio.',
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
  /** Seals and verifies the state a multi-round-trip tool call carries between its rounds. */
  private readonly callStates: RequestStateCodec;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    projects: ProjectTools,
    embeds: EmbedTools,
    sections: SectionTools,
    libraries: LibraryTools,
    documents: DocumentTools,
    edits: EditTools,
    publishes: PublishTools,
    checks: CheckTools,
  ) {
    const definitions = [
      { ...projects.findProjects, view: 'gallery' },
      { ...embeds.getEmbedCode, view: 'embed-preview' },
      { ...sections.getProjectSections, view: 'preview' },
      libraries.listLibraries,
      { ...projects.createProject, view: 'preview' },
      { ...projects.createPage, view: 'preview' },
      { ...edits.editProject, view: 'preview' },
      { ...publishes.publishProject, view: 'preview' },
      checks.checkImplementation,
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
    this.callStates = createRequestStateCodec({
      // A key of its own, derived from the instance's secret: every instance verifies what another sealed.
      key: createHmac('sha256', config.cookieSecret).update('mcp request state').digest(),
      ttlSeconds: callStateLifetimeSeconds,
    });
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
      requestState: { verify: (state, ctx) => this.callStates.verify(state, ctx) },
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
        async (args: unknown, ctx: ServerContext) => {
          const started = performance.now();
          let outcome: ToolOutcome = 'ok';
          try {
            if (definition.requiredScope && !hasScope(principal, definition.requiredScope)) {
              throw new MissingScopeError(definition.requiredScope);
            }
            const output = await definition.handle(principal, args, this.toolCall(ctx));
            if (isInputRequiredResult(output)) return output;
            return toolResult(output as object, definition.appOnly?.summary);
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

  private toolCall(ctx: ServerContext): ToolCall {
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    return {
      urlElicitation: capabilities?.elicitation?.url !== undefined,
      state: ctx.mcpReq.requestState(),
      seal: (state) => this.callStates.mint(state),
    };
  }
}
