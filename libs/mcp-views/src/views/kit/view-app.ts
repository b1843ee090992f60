// What every view shares: the App connected to its host through postMessage, and the host's theme applied.
import './jitless.js';
import {
  App,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';

/** An App for the view `name`; set its handlers, then `connectView`. */
export function createView(name: string): App {
  const app = new App({ name: `folio-${name}`, version: '1.0.0' });
  app.onhostcontextchanged = (change) => applyHostContext({ ...app.getHostContext(), ...change });
  return app;
}

export async function connectView(app: App): Promise<void> {
  await app.connect();
  applyHostContext(app.getHostContext());
}

/** Light or dark and the host's style variables and fonts, when it sends them; Folio's styles otherwise. */
function applyHostContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

/** Opens a URL through the host (a view never navigates its own frame). */
export function openThroughHost(app: App, url: string): void {
  void app.openLink({ url });
}
