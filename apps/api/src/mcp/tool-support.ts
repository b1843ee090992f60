// What every tool shares: schemas whose JSON Schema is computed once, and the mapping of a handler's
// outcome to a CallToolResult (docs/design.md §6: structuredContent plus the same JSON as text; expected
// failures as isError results an agent can act on).
import { Logger } from '@nestjs/common';
import {
  type CallToolResult,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { Counter, Histogram } from 'prom-client';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { isDatabaseUnavailable } from '#folio/db';
import { DomainError, InvalidInputError } from '#folio/errors';
import { databaseUnavailableBody } from '#folio/http';
import { latencyBuckets, metricsRegistry } from '#folio/metrics';
import { type Principal, type Scope } from '#folio/identity';
import { type ViewName } from '#folio/mcp-views';

/**
 * The zod schema as the SDK consumes it, with its JSON Schema converted on first use and then reused.
 * The SDK builds a server per request and converts every tool schema on each `tools/list`; the
 * schemas never change, so that work is done once per process. `onRejected` hears of each value the
 * schema refuses. `described: false` leaves input descriptions out too (a view's own tools: no model
 * reads them).
 */
export function toolSchema<S extends z.ZodType>(
  schema: S,
  onRejected?: () => void,
  { described = true }: { described?: boolean } = {},
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  const validate: typeof standard.validate = (value, options) => {
    const result = standard.validate(value, options);
    if (onRejected) {
      Promise.resolve(result).then(
        ({ issues }) => issues && onRejected(),
        () => {},
      );
    }
    return result;
  };
  const converted = new Map<string, Record<string, unknown>>();
  const convert =
    (io: 'input' | 'output') =>
    (options: { target: string }): Record<string, unknown> => {
      const key = `${io}:${options.target}`;
      let json = converted.get(key);
      if (!json) {
        const lean = leanJsonSchema(
          standard.jsonSchema[io](options as Parameters<typeof standard.jsonSchema.input>[0]),
          io === 'input' && !described ? 'undescribed input' : io,
        );
        json = (io === 'output' ? shallowOutput(lean) : lean) as Record<string, unknown>;
        converted.set(key, json);
      }
      return json;
    };
  return {
    '~standard': {
      ...standard,
      validate,
      jsonSchema: { input: convert('input'), output: convert('output') },
    },
  } as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
}

/**
 * The JSON Schema without what tells a client nothing, paid for in every agent's context on each turn:
 * integer bounds at ±2^53-1 (zod's way of saying "an integer"), `$schema` (MCP's default dialect),
 * regular expressions (the server checks them and says what it expected), property names that are only
 * said to be strings, empty property lists, closed objects (`additionalProperties: false`: the server
 * names an unknown argument when it refuses it, and an answer is described, not policed), and in output
 * schemas descriptions and required lists (the answer speaks for itself; the tool description says what
 * it holds).
 * `properties` maps field names to schemas: a field may be called `description`.
 */
function leanJsonSchema(schema: unknown, io: SchemaUse, isPropertyMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => leanJsonSchema(item, io));
  if (typeof schema !== 'object' || schema === null) return schema;
  const lean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(schema)) {
    if (!isPropertyMap && isNoise(name, value, io)) continue;
    lean[name] = leanJsonSchema(value, io, !isPropertyMap && name === 'properties');
  }
  return lean;
}

type SchemaUse = 'input' | 'undescribed input' | 'output';

/**
 * An output schema whose objects two fields down are only `object` (a found project's `publishState`
 * and `match`, an embed's readiness checks): the answer shows their fields and the tool description
 * says what they mean, and tools/list stays within its budget.
 */
function shallowOutput(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { properties, items, additionalProperties, ...rest } = schema as Record<string, unknown>;
  if (depth >= 2 && rest.type === 'object') return { type: 'object' };
  const shallow: Record<string, unknown> = { ...rest };
  if (properties) {
    shallow.properties = Object.fromEntries(
      Object.entries(properties).map(([name, field]) => [name, shallowOutput(field, depth + 1)]),
    );
  }
  if (items !== undefined) shallow.items = shallowOutput(items, depth);
  if (additionalProperties !== undefined)
    shallow.additionalProperties = shallowOutput(additionalProperties, depth + 1);
  return shallow;
}

function isNoise(keyword: string, value: unknown, io: SchemaUse): boolean {
  switch (keyword) {
    case 'minimum':
    case 'maximum':
      return Math.abs(value as number) === Number.MAX_SAFE_INTEGER;
    case '$schema':
    case 'pattern':
      return true;
    case 'propertyNames':
      return JSON.stringify(value) === '{"type":"string"}';
    case 'properties':
      return isEmpty(value);
    case 'description':
      return io !== 'input';
    case 'required':
      return io === 'output';
    case 'additionalProperties':
      return value === false || isEmpty(value);
    default:
      return false;
  }
}

const isEmpty = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/** A page of a project, the home page by default: what get_embed_code and the views' tools are about. */
export const projectPage = {
  projectKey: publicKeySchema.describe('From find_projects.'),
  pageKey: publicKeySchema.optional().describe('Default: the home page.'),
};

/** A workspace named by key or by name (each tool describes what it is for). */
export const workspaceReference = z.string().trim().min(1).max(200);

/** One MCP tool: its contract for agents and its handler, run for an authenticated principal. */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  /** For the agent-facing tools; a view's own tools go without (no model reads them). */
  title?: string;
  /** MCP requires one; a view's own tools say which view they serve, in as few bytes as that takes. */
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Beyond list:project, which every tool needs. */
  requiredScope?: Scope;
  /** The MCP Apps view a host shows this tool's answer in. */
  view?: ViewName;
  /**
   * Called by views only (`_meta.ui.visibility: ["app"]`): its structuredContent is for the view, its text a
   * line saying what it holds.
   */
  appOnly?: { summary(output: z.input<O>): string };
  handle(principal: Principal, input: z.output<I>): Promise<z.input<O> | ToolAnswer<z.input<O>>>;
}

/** An image a tool answers with, after a line of text saying what it shows. */
export interface ToolImage {
  label: string;
  /** Base64. */
  data: string;
  mimeType: string;
}

/** A tool's output with images to show the model beside it. */
export class ToolAnswer<T> {
  constructor(
    readonly output: T,
    readonly images: ToolImage[],
  ) {}
}

export function withImages<T>(output: T, images: ToolImage[]): ToolAnswer<T> {
  return new ToolAnswer(output, images);
}

/** Declares a tool, keeping its input and output types tied to its schemas. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

// A read-only tool is neither destructive nor not: MCP reads destructiveHint only when readOnlyHint is false.
export const readOnlyTool: ToolAnnotations = {
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

// A view's own tool: read-only, so hosts call it for the view without asking the person; no more hints
// (tools/list has no bytes to spare, and no model reads them).
export const viewDataTool: ToolAnnotations = { readOnlyHint: true };

// readOnlyHint and idempotentHint default to false; destructiveHint and openWorldHint to true.
export const creatingTool: ToolAnnotations = {
  destructiveHint: false,
  openWorldHint: false,
};

/**
 * structuredContent, the same JSON as text (or `summary` of it, for a view's own tools), then each image
 * after its label.
 */
export function toolResult(answer: object, summary?: (output: never) => string): CallToolResult {
  const { output, images } = answer instanceof ToolAnswer ? answer : new ToolAnswer(answer, []);
  return {
    content: [
      { type: 'text', text: summary ? summary(output as never) : JSON.stringify(output) },
      ...images.flatMap(({ label, data, mimeType }) => [
        { type: 'text' as const, text: label },
        { type: 'image' as const, data, mimeType },
      ]),
    ],
    structuredContent: output as Record<string, unknown>,
  };
}

const logger = new Logger('McpTools');

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

/**
 * A thrown error as the tool's answer: domain errors keep their message (written for the caller); a
 * database that cannot be reached says to retry; anything else is logged and answered with the request
 * id only, so no stack trace or SQL leaks.
 */
export function toolError(error: unknown, tool: string, requestId: string | undefined): CallToolResult {
  if (error instanceof DomainError) {
    const text =
      error instanceof InvalidInputError ? `Invalid arguments for ${tool}: ${error.message}` : error.message;
    return { content: [{ type: 'text', text }], isError: true };
  }
  if (isDatabaseUnavailable(error)) {
    return { content: [{ type: 'text', text: databaseUnavailableBody.message }], isError: true };
  }
  logger.error({ err: error, tool, requestId }, 'Tool failed');
  return {
    content: [
      {
        type: 'text',
        text: `${tool} failed on our side. Try again; if it persists, quote request id ${requestId ?? 'unknown'}.`,
      },
    ],
    isError: true,
  };
}
