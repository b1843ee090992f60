// The MCP traffic the load benches send: raw JSON-RPC `tools/call` POSTs, as a stateless client sends
// them, mixed by weight, and the check that an answer is the tool's result (not an error of any kind).
import { type LoadFixtures } from './load-database.js';
import { type PlannedRequest } from './open-loop.js';

export function mcpHeaders(key: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
    'x-service-key': key,
  };
}

let nextId = 1;

export function toolCall(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: nextId++,
    method: 'tools/call',
    params: { name, arguments: args },
  });
}

interface RpcAnswer {
  error?: { code: number; message: string };
  result?: { isError?: boolean; content?: { text?: string }[] };
}

/** Why an answer is not a tool result: HTTP status, JSON-RPC error or tool error; null when it is one. */
export function judgeToolAnswer(status: number, body: string): string | null {
  if (status !== 200) return `HTTP ${status}`;
  let answer: RpcAnswer;
  try {
    answer = JSON.parse(body) as RpcAnswer;
  } catch {
    return 'answer is not JSON';
  }
  if (answer.error) return `JSON-RPC error ${answer.error.code}: ${answer.error.message.slice(0, 100)}`;
  if (answer.result?.isError) return `tool error: ${answer.result.content?.[0]?.text?.slice(0, 100) ?? ''}`;
  return answer.result ? null : 'no result';
}

export interface TrafficShare {
  label: string;
  weight: number;
  body: () => string;
}

/** Picks a share at random by weight for each request. */
export function weightedMix(shares: TrafficShare[]): () => PlannedRequest {
  const total = shares.reduce((sum, share) => sum + share.weight, 0);
  return () => {
    let roll = Math.random() * total;
    const share = shares.find((s) => (roll -= s.weight) < 0) ?? shares.at(-1)!;
    return { label: share.label, body: share.body() };
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** The four readers an agent calls most, over the projects the key sees. */
export function readShares(fixtures: LoadFixtures): TrafficShare[] {
  const pageOf = (project: LoadFixtures['projects'][number]) =>
    Math.random() < 0.5 ? {} : { pageKey: pick(project.pageKeys) };
  return [
    {
      label: 'find_projects (search)',
      weight: 30,
      body: () => toolCall('find_projects', { search: pick(fixtures.searches) }),
    },
    { label: 'find_projects (list)', weight: 15, body: () => toolCall('find_projects', {}) },
    {
      label: 'get_project_sections',
      weight: 25,
      body: () => {
        const project = pick(fixtures.projects);
        return toolCall('get_project_sections', { projectKey: project.key, ...pageOf(project) });
      },
    },
    {
      label: 'get_embed_code',
      weight: 25,
      body: () => {
        const project = pick(fixtures.projects);
        return toolCall('get_embed_code', { projectKey: project.key, ...pageOf(project) });
      },
    },
  ];
}

/** Title prefixes of what the benches write, so the next setup can remove it. */
export const writtenTitles = { page: 'Load page ', project: 'Fault run ' } as const;

let written = 0;

export function createPageShare(fixtures: LoadFixtures, weight: number): TrafficShare {
  return {
    label: 'create_page',
    weight,
    body: () =>
      toolCall('create_page', {
        projectKey: pick(fixtures.editable),
        title: `${writtenTitles.page}${++written}`,
      }),
  };
}

const aiRequest = (library: string) => ({
  libraries: [library],
  prompt:
    'A landing page for Tidewater, a kayak rental on the harbour, with pricing, testimonials and an FAQ',
  text: 'Single kayak: £18 per hour\nDouble kayak: £30 per hour\nGuided sunset tours on Fridays',
});

/** create_project and create_page with `ai`: pages composed at once, their images drawn by the workers. */
export function aiCreateShares(fixtures: LoadFixtures): TrafficShare[] {
  return [
    {
      label: 'create_project (ai)',
      weight: 1,
      body: () =>
        toolCall('create_project', {
          title: `${writtenTitles.project}${++written}`,
          accountKey: fixtures.ownerAccountKey,
          ai: aiRequest(fixtures.starterLibrary),
        }),
    },
    {
      label: 'create_page (ai)',
      weight: 1,
      body: () =>
        toolCall('create_page', {
          projectKey: pick(fixtures.editable),
          title: `${writtenTitles.page}${++written}`,
          ai: aiRequest(fixtures.starterLibrary),
        }),
    },
  ];
}

/** As judgeToolAnswer, and the page must have been generated (`ai.status` "generated"). */
export function judgeAiAnswer(status: number, body: string): string | null {
  const problem = judgeToolAnswer(status, body);
  if (problem) return problem;
  const ai = (
    JSON.parse(body) as { result: { structuredContent?: { ai?: { status: string; message?: string } } } }
  ).result.structuredContent?.ai;
  return ai?.status === 'generated'
    ? null
    : `ai ${ai?.status ?? 'missing'}: ${ai?.message?.slice(0, 100) ?? ''}`;
}
