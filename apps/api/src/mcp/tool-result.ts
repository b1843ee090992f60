// A handler's outcome as a CallToolResult (docs/design.md §6): structuredContent plus the same JSON as text;
// expected failures as isError results an agent can act on, ours without a trace of our insides.
import { Logger } from '@nestjs/common';
import { type CallToolResult } from '@modelcontextprotocol/server';
import { isDatabaseUnavailable } from '#folio/db';
import { DomainError, InvalidInputError } from '#folio/errors';
import { databaseUnavailableBody } from '#folio/http';
import { ToolAnswer } from './tool-definition.js';

/**
 * structuredContent, the same JSON as text (or `summary` of it, for a view's own tools), then each image
 * after its label.
 */
export function toolResult(answer: object, summary?: (output: never) => string): CallToolResult {
  const { output, images, json } = answer instanceof ToolAnswer ? answer : new ToolAnswer(answer, []);
  return {
    content: [
      { type: 'text', text: summary ? summary(output as never) : (json ?? JSON.stringify(output)) },
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
