// An HTTPS server on 127.0.0.1 with a certificate made for the test, trusted by this process's global
// agent (which safeFetch uses), so code that insists on https can be pointed at a local server.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { type RequestListener } from 'node:http';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface TestHttpsServer {
  /** `https://127.0.0.1:<port>` */
  base: string;
  /** TCP connections accepted so far (an SSRF guard must refuse before connecting). */
  readonly connections: number;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-cert-'));
  try {
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ]);
    return { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Starts the server and trusts its certificate in `https.globalAgent` until it is closed. */
export async function startTestHttpsServer(handler: RequestListener): Promise<TestHttpsServer> {
  const { key, cert } = await selfSignedCertificate();
  https.globalAgent.options.ca = cert;
  const server = https.createServer({ key, cert }, handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return connections;
    },
    close: async () => {
      delete https.globalAgent.options.ca;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
