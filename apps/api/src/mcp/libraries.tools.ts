// list_libraries: the section libraries AI page generation can use where the page will go.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { InvalidInputError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { LibraryCatalog, maxListedSections, maxListedSectionsPerLibrary } from '#folio/libraries';
import { PlacementResolver } from '#folio/projects';
import { defineTool, readOnlyTool } from './tool-definition.js';
import { workspaceReference } from './tool-inputs.js';

const input = z.strictObject({
  projectKey: publicKeySchema.optional().describe('List what a new page of this existing project can use.'),
  accountKey: publicKeySchema.optional().describe('Libraries a new project in this account can use.'),
  workspace: workspaceReference.optional().describe('Workspace (key or name) a new project will go to.'),
  includeSections: z
    .boolean()
    .optional()
    .describe(
      `Also list sections for edit_project's addSection (≤ ${maxListedSectionsPerLibrary} per library, ${maxListedSections} in all; sectionCount: how many).`,
    ),
});

const output = z.object({
  libraries: z.array(
    z.object({
      libraryKey: z.string(),
      title: z.string(),
      description: z.string(),
      ownership: z.enum(['public', 'own']),
      /** Set for a team-limited library: usable only inside that team. */
      teamKey: z.string().optional(),
      sections: z
        .array(z.object({ librarySectionKey: z.string(), title: z.string(), role: z.string() }))
        .optional(),
      sectionCount: z.number().int().optional(),
    }),
  ),
});

@Injectable()
export class LibraryTools {
  constructor(
    private readonly catalog: LibraryCatalog,
    private readonly placements: PlacementResolver,
  ) {}

  readonly listLibraries = defineTool({
    name: 'list_libraries',
    title: 'List section libraries',
    description: [
      'List the section libraries create_project and create_page can generate pages from (pass their keys in ai.libraries).',
      'Team libraries work only inside their team: scope the list to where the page will go (projectKey, or accountKey/workspace).',
    ].join(' '),
    input,
    output,
    annotations: readOnlyTool,
    handle: async ({ actor }, scope) => {
      const where = await this.where(actor, scope);
      return {
        libraries: scope.includeSections
          ? await this.catalog.listWithSections(actor, where)
          : await this.catalog.listForAi(actor, where),
      };
    },
  });

  private async where(actor: Actor, scope: z.output<typeof input>) {
    if (scope.projectKey) {
      if (scope.accountKey || scope.workspace) {
        throw new InvalidInputError([
          { path: 'projectKey', message: 'give either projectKey, or accountKey/workspace, not both' },
        ]);
      }
      return this.placements.forTarget(actor, { projectKey: scope.projectKey }, 'view');
    }
    if (!scope.accountKey && !scope.workspace) return null;
    return this.placements.forTarget(
      actor,
      { accountKey: scope.accountKey, workspace: scope.workspace },
      'view',
    );
  }
}
