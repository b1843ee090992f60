// search and fetch: projects and pages as documents, in the contract ChatGPT's deep research and company
// knowledge call a connector with (one text item holding the JSON); ordinary read-only tools for every
// other client.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ProjectDocuments } from '#folio/finding';
import { publishStateSchema } from './projects.tools.js';
import { defineTool, readOnlyTool } from './tool-definition.js';

const reference = { id: z.string(), title: z.string(), url: z.string() };

@Injectable()
export class DocumentTools {
  constructor(private readonly documents: ProjectDocuments) {}

  readonly search = defineTool({
    name: 'search',
    title: 'Search projects and pages',
    description:
      'Search the projects and pages you can access by their words; results {id, title, url} best first (≤ 20), ids for fetch.',
    input: z.strictObject({ query: z.string().max(200).describe('Words to find.') }),
    output: z.object({ results: z.array(z.object(reference)) }),
    annotations: readOnlyTool,
    handle: async (principal, { query }) => ({
      results: await this.documents.search(principal.actor, query),
    }),
  });

  readonly fetch = defineTool({
    name: 'fetch',
    title: 'Read a project or page',
    description:
      'Read a project or page by search id as text in reading order, design in a line at the end; metadata.truncated: cut at a page.',
    input: z.strictObject({ id: z.string().max(100).describe('An id from search.') }),
    output: z.object({
      ...reference,
      text: z.string(),
      metadata: z.object({
        projectKey: z.string(),
        pageKey: z.string().nullable(),
        publishState: publishStateSchema,
        updatedAt: z.string(),
        truncated: z.boolean(),
      }),
    }),
    annotations: readOnlyTool,
    handle: (principal, { id }) => this.documents.fetch(principal.actor, id),
  });
}
