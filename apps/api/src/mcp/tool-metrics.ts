// The tool calls' Prometheus metrics: how many, how they ended, how long they took.
import { Counter, Histogram } from 'prom-client';
import { DomainError } from '#folio/errors';
import { latencyBuckets, metricsRegistry } from '#folio/metrics';

/**
 * How a tool call ended: a result, a failure the caller can act on (invalid arguments, a domain error),
 * or a failure on our side.
 */
export type ToolOutcome = 'ok' | 'tool_error' | 'error';

export function outcomeOfFailure(error: unknown): ToolOutcome {
  return error instanceof DomainError ? 'tool_error' : 'error';
}

const toolCalls = new Counter({
  name: 'folio_mcp_tool_calls_total',
  help: 'MCP tool calls, by tool and outcome (ok, tool_error: an expected failure, error: ours).',
  labelNames: ['tool', 'outcome'] as const,
  registers: [metricsRegistry],
});

const toolDurations = new Histogram({
  name: 'folio_mcp_tool_duration_seconds',
  help: 'Time an MCP tool call takes, checks included, by tool.',
  labelNames: ['tool'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Counts and times one tool call whose handler ran. */
export function recordToolCall(tool: string, outcome: ToolOutcome, seconds: number): void {
  toolCalls.inc({ tool, outcome });
  toolDurations.observe({ tool }, seconds);
}

/** Counts a call refused for its arguments before any handler ran (not timed: nothing ran). */
export function countRefusedToolCall(tool: string): void {
  toolCalls.inc({ tool, outcome: 'tool_error' });
}
