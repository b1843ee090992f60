// A small stand-in for the compose proxy (deploy/proxy/nginx.conf): one public origin in front of several
// app instances, routed by path as docs/design.md §2 says (appForPath), round-robin within an app. It forwards
// Host and the X-Forwarded-* headers as nginx does, and names the instance that answered in
// `x-folio-upstream`, so a bench can tell which one served a request.
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
} from 'node:http';
import { type AddressInfo } from 'node:net';
import { appForPath, type AppName } from '#folio/http';

export interface Upstream {
  /** Shown in `x-folio-upstream`, e.g. "api-1". */
  name: string;
  /** Origin of the instance, e.g. http://127.0.0.1:4001. */
  url: string;
}

export type Upstreams = Record<AppName, Upstream[]>;

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

/** The compose proxy's edge limit (client_max_body_size); the apps enforce their own, smaller ones. */
const maxBodyBytes = 6 * 1024 * 1024;
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

/** The whole request body, or null when it is over the limit; rejects when the client goes away. */
async function readBody(incoming: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Starts the proxy on `port` (0: any free port) of 127.0.0.1. */
export async function startPathRoutingProxy(upstreams: Upstreams, port = 0): Promise<RunningProxy> {
  // Kept-alive connections to the instances; a request whose reused connection the instance had just
  // closed is sent once more on a fresh one (its body is buffered for that).
  const agent = new Agent({ keepAlive: true });
  const turns: Record<AppName, number> = { api: 0, auth: 0 };
  const choose = (app: AppName): Upstream => upstreams[app][turns[app]++ % upstreams[app].length];

  const server: Server = createServer(async (incoming, outgoing) => {
    // undefined: the client went away before sending it all.
    const body = await readBody(incoming).catch(() => undefined);
    if (body === undefined) return;
    if (body === null) {
      outgoing.writeHead(413, { 'content-type': 'text/plain' }).end('proxy: request body too large');
      return;
    }
    const upstream = choose(appForPath(incoming.url ?? '/'));
    const target = new URL(upstream.url);
    const host = incoming.headers.host ?? target.host;
    const headers = {
      ...endToEnd(incoming.headers),
      host,
      'x-forwarded-host': host,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', '),
      'x-real-ip': incoming.socket.remoteAddress ?? '',
      'content-length': String(body.length),
    };
    const forward = (retry: boolean) => {
      const forwarded = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, {
            ...endToEnd(answer.headers),
            'x-folio-upstream': upstream.name,
          });
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error: NodeJS.ErrnoException) => {
        if (retry && forwarded.reusedSocket && error.code === 'ECONNRESET') return forward(false);
        if (outgoing.headersSent) return outgoing.destroy();
        outgoing
          .writeHead(502, { 'content-type': 'text/plain', 'x-folio-upstream': upstream.name })
          .end(`proxy: ${upstream.name} did not answer (${error.code ?? error.message})`);
      });
      forwarded.end(body);
    };
    forward(true);
  });
  // Longer than the load generators' idle connections live, as nginx's keepalive_timeout (65 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
