export { metricsRegistry, latencyBuckets } from './metrics-registry.js';
export { metricsAnswer, type MetricsAnswer } from './metrics-endpoint.js';
