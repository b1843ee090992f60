// Memory of an app process: resident set and V8 heap from its /metrics (prom-client's default process
// metrics), or, when it has none, the resident set the kernel reports in /proc/<pid>/status.
import { readFile } from 'node:fs/promises';
import { type AppInstance } from '../lib/topology.js';

export interface ProcessMemory {
  rssBytes: number | null;
  heapUsedBytes: number | null;
  source: '/metrics' | '/proc';
}

function metric(text: string, name: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

async function fromMetrics(url: string): Promise<ProcessMemory | null> {
  const headers: Record<string, string> = process.env.METRICS_TOKEN
    ? { authorization: `Bearer ${process.env.METRICS_TOKEN}` }
    : {};
  const response = await fetch(`${url}/metrics`, { headers }).catch(() => null);
  if (!response?.ok) return null;
  const text = await response.text();
  const rssBytes = metric(text, 'process_resident_memory_bytes');
  if (rssBytes === null) return null;
  return { rssBytes, heapUsedBytes: metric(text, 'nodejs_heap_size_used_bytes'), source: '/metrics' };
}

async function fromProc(pid: number): Promise<ProcessMemory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return { rssBytes: kib ? Number(kib) * 1024 : null, heapUsedBytes: null, source: '/proc' };
}

export async function processMemory(instance: AppInstance): Promise<ProcessMemory> {
  return (instance.url ? await fromMetrics(instance.url) : null) ?? fromProc(instance.pid);
}

const mib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);

export function describeMemory(memory: ProcessMemory): string {
  return `RSS ${mib(memory.rssBytes)}, heap used ${mib(memory.heapUsedBytes)} (${memory.source})`;
}
