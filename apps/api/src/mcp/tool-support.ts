// What every tool shares: schemas whose JSON Schema is computed once, and the mapping of a handler's
// outcome to a CallToolResult (DESIGN §6: structuredContent plus the same JSON as text; expected
// failures as isError results an agent can act on).
import { Logger } from '@nestjs/common';
import {
  type CallToolResult,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DomainError, InvalidInputError } from '#folio/errors';
import { type Principal, type Scope } from '#folio/identity';

/**
 * The zod schema as the SDK consumes it, with its JSON Schema converted on first use and then reused.
 * The SDK builds a server per request and converts every tool schema on each `tools/list`; the
 * schemas never change, so that work is done once per process.
 */
export function toolSchema<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  const converted = new Map<string, Record<string, unknown>>();
  const convert =
    (io: 'input' | 'output') =>
    (options: { target: string }): Record<string, unknown> => {
      const key = `${io}:${options.target}`;
      let json = converted.get(key);
      if (!json) {
        json = standard.jsonSchema[io](options as Parameters<typeof standard.jsonSchema.input>[0]);
        converted.set(key, json);
      }
      return json;
    };
  return {
    '~standard': {
      ...standard,
      jsonSchema: { input: convert('input'), output: convert('output') },
    },
  } as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
}

/** A workspace named by key or by name (each tool describes what it is for). */
export const workspaceReference = z.string().trim().min(1).max(200);

/** One MCP tool: its contract for agents and its handler, run for an authenticated principal. */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Beyond list:project, which every tool needs. */
  requiredScope?: Scope;
  handle(principal: Principal, input: z.output<I>): Promise<z.input<O>>;
}

/** Declares a tool, keeping its input and output types tied to its schemas. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

export const readOnlyTool: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export const creatingTool: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

export function toolResult(output: object): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output as Record<string, unknown>,
  };
}

const logger = new Logger('McpTools');

/**
 * A thrown error as the tool's answer: domain errors keep their message (written for the caller);
 * anything else is logged and answered with the request id only, so no stack trace or SQL leaks.
 */
export function toolError(error: unknown, tool: string, requestId: string | undefined): CallToolResult {
  if (error instanceof DomainError) {
    const text =
      error instanceof InvalidInputError ? `Invalid arguments for ${tool}: ${error.message}` : error.message;
    return { content: [{ type: 'text', text }], isError: true };
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
