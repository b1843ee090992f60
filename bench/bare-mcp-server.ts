// The baseline of the tools/list budget: a bare stateless MCP server on the same SDK, serving both
// protocol eras with one JSON response per request exactly as docs/runtime-notes.md, "MCP SDK" describes, with
// one trivial tool and nothing else (no auth, no framework, no logging).
// Run as a child process by bench/mcp.bench.ts: PORT=<port> node dist/bench/bare-mcp-server.js
import { createServer, type IncomingMessage } from 'node:http';
import {
  createMcpHandler,
  isLegacyRequest,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

function newServer(): McpServer {
  const server = new McpServer({ name: 'bare', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

const modern = createMcpHandler(newServer, { legacy: 'reject', responseMode: 'json' });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function answer(req: IncomingMessage): Promise<Response> {
  const text = await readBody(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: req.method === 'POST' ? text : undefined,
  });
  let parsedBody: unknown;
  try {
    parsedBody = text ? JSON.parse(text) : undefined;
  } catch {
    parsedBody = undefined;
  }
  if (!(await isLegacyRequest(request, parsedBody))) return modern.fetch(request, { parsedBody });
  const server = newServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}

const http = createServer((req, res) => {
  answer(req).then(
    async (response) => {
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
    (error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    },
  );
});
http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = http.address() as { port: number };
  process.stdout.write(`listening on ${port}\n`);
});
process.on('SIGTERM', () => http.close(() => process.exit(0)));
