// Figures over a run's outcomes: latency percentiles per kind of request and overall, and what went wrong.
import { type Outcome } from './open-loop.js';

export interface Figures {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Latencies of every answered request, right or wrong (an error is a failure whatever its speed). */
export function figures(outcomes: Outcome[]): Figures {
  const latencies = outcomes.filter((o) => o.status !== 0 || o.latencyMs > 0).map((o) => o.latencyMs);
  latencies.sort((a, b) => a - b);
  return {
    count: outcomes.length,
    errors: outcomes.filter((o) => o.error !== null).length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

export function byLabel(outcomes: Outcome[]): Map<string, Outcome[]> {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const group = groups.get(outcome.label);
    if (group) group.push(outcome);
    else groups.set(outcome.label, [outcome]);
  }
  return groups;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);

/** Rows of a latency table: one per label, then "overall". */
export function latencyRows(outcomes: Outcome[], seconds: number): string[][] {
  const rows = [['', 'requests', 'req/s', 'errors', 'p50', 'p95', 'p99', 'max']];
  const row = (label: string, list: Outcome[]) => {
    const f = figures(list);
    rows.push([
      label,
      String(f.count),
      (f.count / seconds).toFixed(1),
      String(f.errors),
      ms(f.p50),
      ms(f.p95),
      ms(f.p99),
      ms(f.max),
    ]);
  };
  for (const [label, list] of [...byLabel(outcomes)].sort(([a], [b]) => a.localeCompare(b))) row(label, list);
  row('overall', outcomes);
  return rows;
}

export function printTable(rows: string[][], indent = '  '): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of rows) {
    console.log(
      `${indent}${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('   ')}`,
    );
  }
}

/** "count × label: error" lines, most frequent first. */
export function errorLines(outcomes: Outcome[], limit = 8): string[] {
  const counts = new Map<string, number>();
  for (const { label, error } of outcomes) {
    if (error !== null) counts.set(`${label}: ${error}`, (counts.get(`${label}: ${error}`) ?? 0) + 1);
  }
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .slice(0, limit)
    .map(([what, count]) => `${count} × ${what}`);
}
