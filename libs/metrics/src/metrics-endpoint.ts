import { createHash, timingSafeEqual } from 'node:crypto';
import { metricsRegistry } from './metrics-registry.js';

export interface MetricsAnswer {
  status: 200 | 401;
  headers: Record<string, string>;
  body: string;
}

/**
 * What `GET /metrics` answers, for the Nest apps and the worker's small server alike: the registry in
 * Prometheus text format, or 401 when `token` is set and the request's `Authorization` does not carry it.
 */
export async function metricsAnswer(
  authorization: string | undefined,
  token: string | null,
): Promise<MetricsAnswer> {
  if (token !== null && !presentsToken(authorization, token)) {
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8' },
      body: 'Send the metrics token as Authorization: Bearer <token>.\n',
    };
  }
  return {
    status: 200,
    headers: { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' },
    body: await metricsRegistry.metrics(),
  };
}

function presentsToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  // Digests have one length, so comparing them in constant time reveals nothing about the token.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
