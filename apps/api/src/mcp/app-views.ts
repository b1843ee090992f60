// MCP Apps (io.modelcontextprotocol/ui) on the MCP server: the views as ui:// resources, and the _meta that
// names a tool's view or keeps a tool for views only.
import { type McpServer } from '@modelcontextprotocol/server';
import { registerAppResource, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { viewCatalog, viewHtml, viewUri } from '#folio/mcp-views';
import { type ToolDefinition } from './tool-support.js';

/**
 * What a host lets a view load: images and fonts from Folio's public origin (assets, thumbnails, theme
 * fonts), nothing else. Views fetch no data themselves: they call tools through the host.
 */
export function viewCsp(publicBaseUrl: string): { resourceDomains: string[] } {
  return { resourceDomains: [new URL(publicBaseUrl).origin] };
}

/** The three views, served from the HTML bundled at build time. */
export function registerViews(server: McpServer, csp: { resourceDomains: string[] }): void {
  for (const view of viewCatalog) {
    const ui = { ui: view.permissions ? { csp, permissions: view.permissions } : { csp } };
    registerAppResource(
      server,
      view.title,
      view.uri,
      { description: view.description, _meta: ui },
      async () => ({
        contents: [{ uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: viewHtml(view.name), _meta: ui }],
      }),
    );
  }
}

/**
 * A tool's `_meta.ui`: its view, or app-only visibility; undefined for a tool with neither. (Not also
 * under the flat `ui/resourceUri` key of the drafts before SEP-1865: tools/list has no bytes to spare.)
 */
export function toolUiMeta(definition: ToolDefinition): Record<string, unknown> | undefined {
  if (definition.appOnly) return { ui: { visibility: ['app'] } };
  return definition.view ? { ui: { resourceUri: viewUri(definition.view) } } : undefined;
}
