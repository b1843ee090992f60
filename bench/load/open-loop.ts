// An open-loop load generator: requests leave at a fixed rate whatever the answers do, so a slow server
// shows up as latency (and as requests over the in-flight cap), never as a politely lower rate.
import { Agent, request } from 'node:http';

export interface PlannedRequest {
  /** What the request is, for per-kind figures (e.g. a tool name). */
  label: string;
  body: string;
}

export interface Outcome {
  label: string;
  /** performance.now() when the request left. */
  startedAt: number;
  latencyMs: number;
  /** HTTP status, 0 when no answer came. */
  status: number;
  /** Why the answer is not what was asked for; null when it is. */
  error: string | null;
  /** The instance that answered, from the proxy's `x-folio-upstream`. */
  upstream: string | null;
  /** The answer's Retry-After header (503 and 429 answers). */
  retryAfter: string | null;
}

export interface OpenLoopOptions {
  url: string;
  headers: Record<string, string>;
  /** Requests per second. */
  rate: number;
  durationMs: number;
  /** Ends the run early (requests in flight still finish). */
  signal?: AbortSignal;
  next: () => PlannedRequest;
  /** Returns why an answer is wrong, or null when it is right. */
  judge: (status: number, body: string) => string | null;
  /** Requests due while this many are unanswered are not sent and count as errors. Default 256. */
  maxInFlight?: number;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  body: string;
  upstream: string | null;
  retryAfter: string | null;
}

function post(url: URL, headers: Record<string, string>, body: string, agent: Agent, timeoutMs: number) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            upstream: (answer.headers['x-folio-upstream'] as string | undefined) ?? null,
            retryAfter: answer.headers['retry-after'] ?? null,
          }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<Outcome[]> {
  const maxInFlight = options.maxInFlight ?? 256;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: maxInFlight });
  const outcomes: Outcome[] = [];
  const pending = new Set<Promise<void>>();

  const send = (planned: PlannedRequest) => {
    const startedAt = performance.now();
    const settle = (error: string | null, answer?: Answer) => {
      outcomes.push({
        label: planned.label,
        startedAt,
        latencyMs: performance.now() - startedAt,
        status: answer?.status ?? 0,
        error,
        upstream: answer?.upstream ?? null,
        retryAfter: answer?.retryAfter ?? null,
      });
    };
    const sent = post(url, options.headers, planned.body, agent, timeoutMs).then(
      (answer) => settle(options.judge(answer.status, answer.body), answer),
      (error: NodeJS.ErrnoException) => settle(`no answer: ${error.code ?? error.message}`),
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };

  const started = performance.now();
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      if (elapsed >= options.durationMs || options.signal?.aborted) {
        clearInterval(tick);
        resolve();
        return;
      }
      for (const target = Math.floor((elapsed / 1000) * options.rate); due < target; due++) {
        const planned = options.next();
        if (pending.size < maxInFlight) send(planned);
        else {
          const now = performance.now();
          outcomes.push({
            label: planned.label,
            startedAt: now,
            latencyMs: 0,
            status: 0,
            error: `over ${maxInFlight} requests in flight`,
            upstream: null,
            retryAfter: null,
          });
        }
      }
    }, 2);
  });
  await Promise.all(pending);
  agent.destroy();
  return outcomes;
}
