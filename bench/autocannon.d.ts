// The part of autocannon 9 (which ships no types) that the benches use.
declare module 'autocannon' {
  import { type EventEmitter } from 'node:events';

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  export interface Options extends Request {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    /** A false answer counts the response as a mismatch. */
    verifyBody?: (body: string) => boolean;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    /** Requests that got no answer: connection errors and timeouts. */
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    /** Answers by HTTP status. */
    statusCodeStats: Record<string, { count: number }>;
    /** Seconds the run lasted. */
    duration: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    /** Per response: the client, its status, its size and its latency in ms (fractional). */
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
