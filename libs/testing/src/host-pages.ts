import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

/** HTML pages served from `http://127.0.0.1:<port>`: another origin than Folio's, to embed it from. */
export interface HostPages {
  origin: string;
  /** Path → HTML; `/favicon.ico` answers 204 (no icon), any other path 404. */
  pages: Map<string, string>;
  close(): Promise<void>;
}

export async function startHostPages(): Promise<HostPages> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    // Full Chromium asks each page's origin for its icon (the headless shell does not), and logs a 404 as a
    // console error: the harness's, not Folio's.
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
