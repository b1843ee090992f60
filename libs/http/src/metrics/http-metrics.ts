import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram } from 'prom-client';
import { latencyBuckets, metricsRegistry } from '#folio/metrics';

const requests = new Counter({
  name: 'folio_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const durations = new Histogram({
  name: 'folio_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to finishing its answer, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/**
 * The route label of requests no route matched: unknown paths, and requests answered by middleware before
 * routing (the MCP request gate, the OAuth provider). One value, so raw URLs never become labels.
 */
const unmatchedRoute = 'unmatched';

/**
 * A pattern matching every path (`{/*splat}`): Nest mounts module middleware such as the request logger
 * as such routes, so a request no controller matched is left with one as its route.
 */
const catchAll = /^\/?\{?\/?\*\w*\}?$/;

/** The Express route pattern that served `req`, e.g. `/project/create-from-template/:templateKey`. */
export function routeLabel(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern !== 'string' || catchAll.test(pattern)) return unmatchedRoute;
  return `${req.baseUrl}${pattern}`;
}

/** Express middleware, first in every app: counts and times each request once its answer is sent. */
export function recordHttpMetrics(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const route = routeLabel(req);
    requests.inc({ method: req.method, route, status: String(res.statusCode) });
    durations.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
}
