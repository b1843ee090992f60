// What a tool is: its contract for agents (schemas, annotations, view), its handler, and what it answers.
import { type InputRequiredResult, type ToolAnnotations } from '@modelcontextprotocol/server';
import { type z } from 'zod';
import { type Principal, type Scope } from '#folio/identity';
import { type ViewName } from '#folio/mcp-views';

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
  handle(
    principal: Principal,
    input: z.output<I>,
    call: ToolCall,
  ): Promise<z.input<O> | ToolAnswer<z.input<O>> | InputRequiredResult>;
}

/**
 * What a tool sees of its call beyond the arguments: protocol 2026-07-28's multi-round-trip input, where a
 * tool answers `input_required` and the client retries the call with the state it was given.
 */
export interface ToolCall {
  /** The client declared URL-mode elicitation on this request (2026-07-28 only). */
  readonly urlElicitation: boolean;
  /** On a retried call, the state the tool sealed for it, verified; otherwise undefined. */
  readonly state: unknown;
  /** Seals state for the client to echo when it retries (signed, expiring). */
  seal(state: unknown): Promise<string>;
}

/** An image a tool answers with, after a line of text saying what it shows. */
export interface ToolImage {
  label: string;
  /** Base64. */
  data: string;
  mimeType: string;
}

/** A tool's output with images to show the model beside it, and its JSON text when already encoded. */
export class ToolAnswer<T> {
  constructor(
    readonly output: T,
    readonly images: ToolImage[],
    /** `json`: `output` as JSON text, when the handler has it already (a kept answer); `meta`: the
     * result's `_meta`, what its view shows and no model reads. */
    readonly extra: { json?: string; meta?: Record<string, unknown> } = {},
  ) {}
}

export function withImages<T>(
  output: T,
  images: ToolImage[],
  extra: { json?: string; meta?: Record<string, unknown> } = {},
): ToolAnswer<T> {
  return new ToolAnswer(output, images, extra);
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
