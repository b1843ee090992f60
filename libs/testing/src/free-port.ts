import { createServer } from 'node:net';

/** A TCP port free right now on localhost, for apps whose public base URL must name their port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PORT and PUBLIC_BASE_URL for a test app that must know its own address (OAuth issuer, URLs it hands out). */
export async function ownAddress(): Promise<{ PORT: string; PUBLIC_BASE_URL: string }> {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}` };
}
