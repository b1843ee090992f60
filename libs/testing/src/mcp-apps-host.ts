// An MCP Apps host for browser specs: the official AppBridge in a page on its own origin, each view read
// with resources/read and shown in a sandboxed iframe, its tool calls answered by a real MCP client.
import { fileURLToPath } from 'node:url';
import { type Client } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import { type Browser, type FrameLocator, type Page } from 'playwright-core';
import { recordPageErrors } from './chromium.js';
import { startHostPages } from './host-pages.js';
import type { HostEvent, ShowViewRequest } from './mcp-apps-host-page.js';
import { waitUntil } from './wait-until.js';

export type { HostEvent } from './mcp-apps-host-page.js';

export interface McpAppsHost {
  page: Page;
  /** The view's frame. */
  view: FrameLocator;
  /** What views asked of the host (open a link, update the model context, send a message), in order. */
  events: HostEvent[];
  /** Page errors, failed requests and CSP violations so far. */
  errors: string[];
  /**
   * Calls `tool` through the client, then shows its answer in the view `uri`, as a host does; with
   * `modelContext: false`, as a host without model-context updates.
   */
  show(
    uri: string,
    tool: string,
    input: Record<string, unknown>,
    options?: { theme?: 'light' | 'dark'; width?: number; modelContext?: boolean },
  ): Promise<Awaited<ReturnType<Client['callTool']>>>;
  /** The first event of `kind` after the first `after` events (take `events.length` before acting). */
  eventAfter<K extends HostEvent['kind']>(after: number, kind: K): Promise<Extract<HostEvent, { kind: K }>>;
  close(): Promise<void>;
}

export async function startMcpAppsHost(browser: Browser, client: Client): Promise<McpAppsHost> {
  const script = await build({
    entryPoints: [fileURLToPath(new URL('./mcp-apps-host-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  });
  const pages = await startHostPages();
  pages.pages.set(
    '/host',
    `<!doctype html><html><head><meta charset="utf-8"><title>Host</title><style>body{margin:0;background:#eef0f5}</style></head><body><script type="module">${script.outputFiles[0].text}</script></body></html>`,
  );
  const page = await browser.newPage({ viewport: { width: 900, height: 1000 }, deviceScaleFactor: 2 });
  const errors = await recordPageErrors(page);
  const events: HostEvent[] = [];
  await page.exposeFunction('folioCallTool', (params: Parameters<Client['callTool']>[0]) =>
    client.callTool(params),
  );
  await page.exposeFunction('folioHostEvent', (event: HostEvent) => void events.push(event));
  await page.goto(`${pages.origin}/host`);
  await page.waitForFunction(() => typeof window.folioShowView === 'function');

  return {
    page,
    view: page.frameLocator('iframe'),
    events,
    errors,
    async show(uri, tool, input, { theme = 'light', width = 760, modelContext = true } = {}) {
      const { contents } = await client.readResource({ uri });
      const [content] = contents as {
        text: string;
        _meta?: { ui?: Pick<ShowViewRequest, 'csp' | 'permissions'> };
      }[];
      const result = await client.callTool({ name: tool, arguments: input });
      const request: ShowViewRequest = {
        html: content.text,
        csp: content._meta?.ui?.csp ?? {},
        permissions: content._meta?.ui?.permissions,
        input,
        result: result as ShowViewRequest['result'],
        theme,
        width,
        modelContext,
      };
      await page.evaluate((shown) => window.folioShowView(shown), request);
      return result;
    },
    async eventAfter(after, kind) {
      let found: HostEvent | undefined;
      await waitUntil(`a ${kind} request from the view`, () => {
        found = events.slice(after).find((event) => event.kind === kind);
        return found !== undefined;
      });
      return found as never;
    },
    async close() {
      await page.close();
      await pages.close();
    },
  };
}
