import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one metrics registry: every app and library in the process records here (api and auth
 * share it in the standalone process), and every `/metrics` of the process serves all of it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Latency buckets in seconds, fine around the 200 ms target, up to the 60 s a generating call may take. */
export const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10, 30, 60];
