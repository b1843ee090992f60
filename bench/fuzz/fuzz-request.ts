// One fuzzed HTTP request, how it is sent, and what every answer must satisfy (issue 9 §1).

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded as they go on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export interface FuzzResponse {
  /** 0 when no answer came (connection reset, timeout). */
  status: number;
  headers: Headers;
  body: string;
  error?: string;
}

/** A request that takes longer than this counts as a hang. */
const answerTimeoutMs = 15_000;

export async function send(baseUrl: string, request: FuzzRequest): Promise<FuzzResponse> {
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(answerTimeoutMs),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: '', error: String((error as Error).cause ?? error) };
  }
}

/**
 * What must never reach a client. A match that also appears in the request is the client's own input
 * echoed back (a validation message quoting it), not a leak.
 */
const leakMarkers: [string, RegExp][] = [
  // V8 frames: `at fn (/path/file.js:1:2)`, `at /path/file.js:1:2`, `at async x (file:///…:1:2)`, `at node:…`.
  ['stack trace', /\bat (?:async |new )?(?:[\w$.<>[\] ]+ \()?(?:file:\/\/|\/|node:)[^\s()]*:\d+:\d+/],
  ['file path', /\/work\/|node_modules|file:\/\/\/|\.ts:\d|\.js:\d/],
  ['SQL', /\b(?:SELECT|INSERT|UPDATE|DELETE) (?:[\w"*,. ]+ )?(?:FROM|INTO|SET)\b/],
  ['Prisma internals', /prisma|Invalid `/i],
  [
    'PostgreSQL error',
    /\b(?:syntax error at or near|violates (?:unique|foreign key|not-null) constraint|invalid byte sequence for encoding)\b/i,
  ],
  // Internal failures answered 200 with a polite message still are internal failures.
  [
    'hidden internal error',
    /failed on our side|Internal error; try again|oops! something went wrong|Internal server error/i,
  ],
];

export interface CheckOptions {
  /** Texts that must never appear in an answer (credentials of the fuzz context, server secrets). */
  secrets: readonly string[];
}

/** Every broken rule of this answer to this request; empty when the answer is fine. */
export function responseProblems(
  request: FuzzRequest,
  response: FuzzResponse,
  options: CheckOptions,
): string[] {
  const problems: string[] = [];
  if (response.status === 0) problems.push(`no answer: ${response.error}`);
  else if (response.status >= 500) problems.push(`status ${response.status}`);
  const sent = requestText(request);
  const answer = `${response.body}\n${[...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
  for (const [name, marker] of leakMarkers) {
    const match = marker.exec(answer);
    if (match && !sent.includes(match[0]))
      problems.push(`${name} in the answer: ${excerpt(answer, match.index)}`);
  }
  for (const secret of options.secrets) {
    if (secret && answer.includes(secret)) problems.push('a secret in the answer');
  }
  return problems;
}

function requestText(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? request.body
        : Buffer.from(request.body).toString('latin1');
  return `${request.path}\n${Object.values(request.headers).join('\n')}\n${body}`;
}

function excerpt(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 80), at + 160));
}

/** The request in a line or a few, for reports: long values are cut. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text);
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? request.body
        : `<${request.body.length} bytes: ${Buffer.from(request.body).toString('hex', 0, 64)}…>`;
  return `${request.method} ${cut(request.path)}\n    headers ${cut(JSON.stringify(request.headers))}${body ? `\n    body ${cut(JSON.stringify(body))}` : ''}`;
}
