// edit_project: changes to a project's draft, all or nothing, undoable; never a publish.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { editChangesSchema, maxChanges, ProjectEditor } from '#folio/editing';
import { editorUrl } from '#folio/publishing';
import { defineTool } from './tool-definition.js';

/** At most this many changed sections are named in an answer; `changedCount` counts them all. */
export const maxNamedChanges = 30;

const input = z.strictObject({
  projectKey: publicKeySchema.describe('From find_projects.'),
  baseRevision: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'The revision you read (find_projects, get_project_sections); refused if the draft changed since.',
    ),
  changes: editChangesSchema.describe(`1–${maxChanges} changes, applied in order, all or none.`),
});

const output = z.object({
  projectKey: z.string(),
  /** The page the preview shows: the first one changed. */
  pageKey: z.string().optional(),
  revision: z.number(),
  changed: z.array(z.object({ pageKey: z.string(), sectionKey: z.string(), title: z.string() })),
  changedCount: z.number(),
  editorUrl: z.string(),
});

@Injectable()
export class EditTools {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly editor: ProjectEditor,
  ) {}

  readonly editProject = defineTool({
    name: 'edit_project',
    title: 'Edit a project',
    description: [
      "Change a project's draft, never its live site: changes (one op each: text, style, image, link, sections, theme, page meta) apply all or none; undo{} alone reverts your last edit.",
      'Keys from get_project_sections. Errors are JSON: stale_revision, invalid_changes (problems with paths), undo_refused.',
      'Needs edit:project.',
    ].join(' '),
    input,
    output,
    annotations: { destructiveHint: false, openWorldHint: false },
    requiredScope: 'edit:project',
    handle: async (principal, request) => {
      const { projectKey, revision, changed } = await this.editor.edit(principal, request);
      const pageKey = changed[0]?.pageKey;
      return {
        projectKey,
        ...(pageKey ? { pageKey } : {}),
        revision,
        changed: changed.slice(0, maxNamedChanges).map((section) => ({
          ...section,
          title: section.title.slice(0, 80),
        })),
        changedCount: changed.length,
        editorUrl: editorUrl(this.config.publicBaseUrl, projectKey, pageKey),
      };
    },
  });
}
