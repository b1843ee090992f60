// The script of the MCP Apps host page browser specs drive (bundled by mcp-apps-host.ts): a view in a
// sandboxed iframe on an opaque origin, under the CSP a host builds from what its resource declares,
// connected to an AppBridge whose tool calls, link openings, model-context updates and messages go to the
// spec through functions Playwright exposes.
import {
  AppBridge,
  buildAllowAttribute,
  type McpUiResourceCsp,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

export interface ShowViewRequest {
  html: string;
  csp: McpUiResourceCsp;
  permissions?: Parameters<typeof buildAllowAttribute>[0];
  input: Record<string, unknown>;
  result: Parameters<AppBridge['sendToolResult']>[0];
  theme: 'light' | 'dark';
  width: number;
  /** Whether the host takes model-context updates (else a view falls back to messages). */
  modelContext: boolean;
}

export type HostEvent =
  | { kind: 'open-link'; url: string }
  | { kind: 'model-context'; content?: unknown[]; structuredContent?: Record<string, unknown> }
  | { kind: 'message'; role: string; content: unknown[] };

declare global {
  interface Window {
    folioShowView(request: ShowViewRequest): Promise<void>;
    folioCallTool: AppBridge['oncalltool'] & {};
    folioHostEvent(event: HostEvent): Promise<void>;
  }
}

let bridge: AppBridge | undefined;

window.folioShowView = async (request) => {
  await bridge?.close();
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('allow', buildAllowAttribute(request.permissions));
  iframe.title = 'MCP App view';
  iframe.style.cssText = `display:block;border:0;width:${request.width}px;height:400px`;
  document.body.replaceChildren(iframe);

  bridge = new AppBridge(
    null,
    { name: 'folio-test-host', version: '1.0.0' },
    {
      openLinks: {},
      serverTools: {},
      ...(request.modelContext ? { updateModelContext: { text: {}, structuredContent: {} } } : {}),
      message: { text: {} },
    },
    { hostContext: { theme: request.theme, displayMode: 'inline', platform: 'web', locale: 'en-GB' } },
  );
  bridge.oncalltool = (params, extra) => window.folioCallTool(params, extra);
  bridge.onopenlink = async ({ url }) => {
    await window.folioHostEvent({ kind: 'open-link', url });
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    await window.folioHostEvent({ kind: 'model-context', ...params });
    return {};
  };
  bridge.onmessage = async (params) => {
    await window.folioHostEvent({ kind: 'message', ...params });
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  const initialized = new Promise<void>((done) => (bridge!.oninitialized = () => done()));
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = withCsp(request.html, request.csp);
  await initialized;
  await bridge.sendToolInput({ arguments: request.input });
  await bridge.sendToolResult(request.result);
};

/**
 * The policy a host builds from `_meta.ui.csp`, as the spec maps it and its reference host (ext-apps'
 * examples/basic-host) writes it: inline code and eval, resourceDomains for scripts and styles as well as
 * images, fonts and media. What a view allows beyond its needs shows here.
 */
function withCsp(html: string, csp: McpUiResourceCsp): string {
  const resources = (csp.resourceDomains ?? []).join(' ');
  const policy = [
    "default-src 'self' 'unsafe-inline'",
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: ${resources}`,
    `style-src 'self' 'unsafe-inline' blob: data: ${resources}`,
    `img-src 'self' data: blob: ${resources}`,
    `font-src 'self' data: blob: ${resources}`,
    `media-src 'self' data: blob: ${resources}`,
    `connect-src 'self' ${(csp.connectDomains ?? []).join(' ')}`,
    `frame-src ${csp.frameDomains?.join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUriDomains?.join(' ') || "'none'"}`,
  ].join('; ');
  return html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy}">`);
}
