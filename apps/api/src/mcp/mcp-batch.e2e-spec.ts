import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newApiKey, newUser, postMcp, startTestApp, type TestApp, type TestUser } from '#folio/testing';

// JSON-RPC batches of protocol 2025-03-26 over real HTTP: a batch holds a few tool calls at most, and a
// batch with more is refused whole, before any of its calls runs.

/** The rule of docs/design.md §6: each answer may reach the 80 KB agent budget. */
const maxToolCallsPerBatch = 4;

let app: TestApp;
let agent: TestUser;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ app: 'api' });
  agent = await newUser(app);
  const key = await newApiKey(app, agent, { scopes: ['list:project', 'create:project'] });
  headers = { 'x-service-key': key.text, 'mcp-protocol-version': '2025-03-26' };
});
afterAll(() => app?.close());

const createProject = (id: number, title: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'create_project', arguments: { title } },
});
const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

const titlesOfAgent = async () =>
  (await app.prisma.project.findMany({ where: { accountId: agent.account.id } })).map((p) => p.title);

describe('JSON-RPC batches (MCP 2025-03-26)', () => {
  it(`runs a batch of ${maxToolCallsPerBatch} tool calls among other messages, and answers each`, async () => {
    const calls = Array.from({ length: maxToolCallsPerBatch }, (_, i) =>
      createProject(i + 1, `Served ${i + 1}`),
    );
    const response = await postMcp(app.baseUrl, [...calls, toolsList(10), ping(11)], headers);
    expect(response.status).toBe(200);
    const answers = (await response.json()) as { id: number; result?: { isError?: boolean } }[];
    expect(answers.map(({ id }) => id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 10, 11]);
    expect(answers.filter(({ result }) => result?.isError)).toEqual([]);
    expect((await titlesOfAgent()).sort()).toEqual(['Served 1', 'Served 2', 'Served 3', 'Served 4']);
  });

  it('refuses a batch of more tool calls whole, with a JSON-RPC error saying why, and runs none of them', async () => {
    const before = await titlesOfAgent();
    const calls = Array.from({ length: 600 }, (_, i) => createProject(i + 1, `Refused ${i + 1}`));
    const batches = [
      { batch: calls.slice(0, maxToolCallsPerBatch + 1), toolCalls: maxToolCallsPerBatch + 1 },
      // The case: 600 calls (a minute of the per-key limit), about 100 MB of answer.
      { batch: [toolsList(1000), ...calls], toolCalls: 600 },
    ];
    for (const { batch, toolCalls } of batches) {
      const response = await postMcp(app.baseUrl, batch, headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message:
            `Invalid request: a JSON-RPC batch holds at most ${maxToolCallsPerBatch} tools/call messages, as ` +
            `each answer may reach 80,000 bytes; this one has ${toolCalls}. None of it ran: send the calls in ` +
            `batches of ${maxToolCallsPerBatch} or fewer.`,
        },
      });
    }
    expect(await titlesOfAgent()).toEqual(before);
  });

  it('leaves batches of other messages, and single tool calls, as they were', async () => {
    const others = [...Array.from({ length: 20 }, (_, i) => toolsList(i + 1)), ping(21)];
    const batch = await postMcp(app.baseUrl, others, headers);
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as unknown[]).length).toBe(21);

    const single = await postMcp(app.baseUrl, createProject(1, 'Alone'), headers);
    expect(single.status).toBe(200);
    expect(await titlesOfAgent()).toContain('Alone');
  });
});
