import { type IncomingHttpHeaders, request } from 'node:http';

export interface RawRequest {
  method?: string;
  /** Sent as written: `fetch` would resolve `%2e%2e` and dot segments, and never sends a foreign `Host`. */
  path: string;
  /** `host` among them replaces the one of `baseUrl`. */
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to the server at `baseUrl`, with the request target and `Host` exactly as given. */
export function rawRequest(
  baseUrl: string,
  { method = 'GET', path, headers = {}, body }: RawRequest,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          host: url.host,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
        setHost: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
