// Test-only forwarding proxy for the MCP conformance run: the suite's CLI cannot send an auth header, so
// this adds the demo key as `x-service-key` and forwards everything else (method, path, headers including
// Host and Origin, body) to the test instance unchanged, streaming the answer back.
// Run (Node 24 strips the types): UPSTREAM=http://localhost:3000 SERVICE_KEY=folio_sk_… PORT=3001 node test/conformance/auth-proxy.ts
import { createServer, request } from 'node:http';

const upstream = new URL(process.env.UPSTREAM ?? '');
const serviceKey = process.env.SERVICE_KEY ?? '';
if (!upstream.host || !serviceKey) throw new Error('set UPSTREAM and SERVICE_KEY');

const proxy = createServer((incoming, outgoing) => {
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-service-key': serviceKey },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', (error) => {
    outgoing.writeHead(502, { 'content-type': 'text/plain' });
    outgoing.end(`auth-proxy: ${error.message}`);
  });
  incoming.pipe(forwarded);
});

proxy.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write(`auth-proxy on ${JSON.stringify(proxy.address())} → ${upstream.origin}\n`);
});
process.on('SIGTERM', () => proxy.close(() => process.exit(0)));
