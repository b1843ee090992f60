// MCP Apps (io.modelcontextprotocol/ui) on the MCP server: the views as ui:// resources, and the _meta that
// names a tool's view or keeps a tool for views only.
import { type McpServer } from '@modelcontextprotocol/server';
import { registerAppResource, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { viewCatalog, viewHtml, viewUri } from '#folio/mcp-views';
import { type ToolDefinition } from './tool-definition.js';

/**
 * The views as ui:// resources, each read as a new document (viewHtml). `_meta.ui.csp` names Folio's
 * public origin as the one place a view loads from: its images, fonts and videos (assets, thumbnails, theme
 * fonts). That is the narrowest the MCP Apps spec allows: its resourceDomains open scripts and styles from
 * that origin as well, which each view's own policy closes again. Views fetch no data themselves: they
 * call tools through the host.
 */
export function registerViews(server: McpServer, folioOrigin: string): void {
  const csp = { resourceDomains: [folioOrigin] };
  for (const view of viewCatalog) {
    const ui = { ui: view.permissions ? { csp, permissions: view.permissions } : { csp } };
    registerAppResource(
      server,
      view.title,
      view.uri,
      { description: view.description, _meta: ui },
      async () => ({
        contents: [
          { uri: view.uri, mimeType: RESOURCE_MIME_TYPE, text: viewHtml(view.name, folioOrigin), _meta: ui },
        ],
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
