// A stand-in for the OpenAI, Anthropic and OpenAI-compatible HTTP APIs: AI features are tested through the
// real provider SDKs, with answers, failures and silences chosen by the test.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

export type FakeAiBehaviour =
  /** Chat and messages answer `value` as the model's JSON output; image generation answers a small PNG. */
  | { kind: 'answer'; value: unknown }
  /** The model's output is `text` as is (e.g. not JSON); image generation answers bytes that are no image. */
  | { kind: 'garbage'; text: string }
  /** No answer until the client gives up or the server closes. */
  | { kind: 'hang' }
  /** An HTTP error in the provider's error format, its message `message`. */
  | { kind: 'error'; status: number; message?: string };

export interface FakeAiRequest {
  method: string;
  /** E.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface FakeAiProvider {
  /** `http://127.0.0.1:<port>/v1`: the base URL to give any of the three SDKs. */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: FakeAiRequest[];
  /** How the following requests are answered (until changed). */
  respondWith(behaviour: FakeAiBehaviour): void;
  close(): Promise<void>;
}

/** The image every successful image generation answers. */
export const fakeImageSize = { width: 8, height: 8 };

/**
 * Serves `POST /v1/chat/completions` (OpenAI and OpenAI-compatible chat), `POST /v1/messages` (Anthropic,
 * native structured output or the SDK's `json` tool) and `POST /v1/images/generations` (OpenAI images,
 * `b64_json`) on 127.0.0.1. Non-streaming only. Answers `{}` until told otherwise.
 */
export async function startFakeAiProvider(): Promise<FakeAiProvider> {
  const requests: FakeAiRequest[] = [];
  let behaviour: FakeAiBehaviour = { kind: 'answer', value: {} };
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const path = new URL(request.url ?? '/', 'http://fake').pathname;
        requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
        answer(path, body, behaviour, response);
      },
      () => request.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Api = 'openai' | 'anthropic';
const endpoints: Record<
  string,
  { api: Api; respond: (body: Record<string, unknown>, behaviour: Answering) => unknown }
> = {
  '/v1/chat/completions': { api: 'openai', respond: chatCompletion },
  '/v1/messages': { api: 'anthropic', respond: anthropicMessage },
  '/v1/images/generations': { api: 'openai', respond: imageGeneration },
};

type Answering = Extract<FakeAiBehaviour, { kind: 'answer' | 'garbage' }>;

function answer(path: string, body: unknown, behaviour: FakeAiBehaviour, response: ServerResponse): void {
  const endpoint = endpoints[path];
  if (!endpoint) return sendError(response, 'openai', 404, `The fake AI provider has no ${path}.`);
  if (behaviour.kind === 'hang') return;
  if (behaviour.kind === 'error') {
    return sendError(
      response,
      endpoint.api,
      behaviour.status,
      behaviour.message ?? `Fake error ${behaviour.status}.`,
    );
  }
  if (!isRecord(body)) return sendError(response, endpoint.api, 400, 'The body is not a JSON object.');
  if (body.stream === true)
    return sendError(response, endpoint.api, 400, 'The fake AI provider does not stream.');
  sendJson(response, 200, endpoint.respond(body, behaviour));
}

function outputText(behaviour: Answering): string {
  return behaviour.kind === 'answer' ? JSON.stringify(behaviour.value) : behaviour.text;
}

function chatCompletion(body: Record<string, unknown>, behaviour: Answering): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      { index: 0, message: { role: 'assistant', content: outputText(behaviour) }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** With the SDK's `json` tool (models without native structured output), a JSON answer is that tool's call. */
function anthropicMessage(body: Record<string, unknown>, behaviour: Answering): unknown {
  const jsonTool =
    Array.isArray(body.tools) && body.tools.some((tool) => isRecord(tool) && tool.name === 'json');
  const asToolCall = jsonTool && behaviour.kind === 'answer';
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: asToolCall
      ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input: behaviour.value }]
      : [{ type: 'text', text: outputText(behaviour) }],
    stop_reason: asToolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

function imageGeneration(body: Record<string, unknown>, behaviour: Answering): unknown {
  const count = typeof body.n === 'number' ? body.n : 1;
  const bytes = behaviour.kind === 'answer' ? fakePng() : Buffer.from(behaviour.text);
  return {
    created: Math.floor(Date.now() / 1000),
    data: Array.from({ length: count }, () => ({ b64_json: bytes.toString('base64') })),
  };
}

let png: Buffer | undefined;
function fakePng(): Buffer {
  if (!png) {
    const image = new PNG({ ...fakeImageSize });
    for (let offset = 0; offset < image.data.length; offset += 4) image.data.set([79, 70, 229, 255], offset);
    png = PNG.sync.write(image);
  }
  return png;
}

function sendError(response: ServerResponse, api: Api, status: number, message: string): void {
  sendJson(
    response,
    status,
    api === 'anthropic'
      ? { type: 'error', error: { type: 'api_error', message } }
      : { error: { message, type: 'server_error', param: null, code: null } },
  );
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
