// find_projects, create_project and create_page: the tools that name, list and make projects and pages.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { AiPageService, aiOutcomeSchema, aiRequestSchema } from '#folio/ai';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { ProjectCreator } from '#folio/projects';
import { editorUrl, ProjectFinder, destinationKinds } from '#folio/publishing';
import { creatingTool, defineTool, readOnlyTool, workspaceReference } from './tool-support.js';

export const maxFindIds = 20;
export const maxFindLimit = 50;

const projectKey = publicKeySchema.describe('A project key, as find_projects returns it.');
const accountKey = publicKeySchema.describe(
  'An account key. Omit it to use your own account(s); see find_projects results for the keys you can reach.',
);

const foundProjectSchema = z.object({
  projectKey: z.string(),
  title: z.string(),
  publishState: z
    .object({
      published: z.boolean(),
      destinations: z.array(
        z.object({
          kind: z.enum(destinationKinds),
          url: z
            .string()
            .nullable()
            .describe('Site URL (hosting), embed script URL (embed), or null (webhook).'),
          publishedAt: z.iso.datetime(),
        }),
      ),
    })
    .describe('Whether the project is published, and where.'),
  thumbnailUrl: z
    .string()
    .nullable()
    .describe("A 1200 px wide PNG of the home page's first section as last saved, or null until one exists."),
  editorUrl: z.string().describe('Where a person opens the project in the editor.'),
  accountKey: z.string(),
  updatedAt: z.iso.datetime(),
});

const findInput = z.strictObject({
  ids: z
    .array(projectKey)
    .max(maxFindIds, `at most ${maxFindIds} ids per call; split the lookup into several calls`)
    .optional()
    .describe(`Project keys to fetch directly (at most ${maxFindIds}).`),
  search: z
    .string()
    .trim()
    .min(1, 'give at least one word to search for')
    .max(200)
    .optional()
    .describe(
      'Free text matched against titles, descriptions, tags and page text; every word must match, the last one as a prefix. Best matches first.',
    ),
  url: z
    .string()
    .trim()
    .max(2_000)
    .optional()
    .describe('A published site URL, an editor URL or an embed URL, resolved to its project.'),
  accountKey: accountKey.optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(maxFindLimit, `limit is at most ${maxFindLimit}`)
    .default(10)
    .describe(
      `Most results to return (default 10, at most ${maxFindLimit}); every project found by ids is returned regardless.`,
    ),
});

const createProjectInput = z.strictObject({
  title: z.string().trim().min(1, 'give the project a title').max(200).describe('Project title.'),
  accountKey: accountKey.optional(),
  workspace: workspaceReference
    .optional()
    .describe('Workspace (folder) key or name to create the project in. Default: no workspace.'),
  preset: z
    .enum(['desktop', 'mobile'])
    .optional()
    .describe('Design desktop first (default) or mobile first.'),
  ai: aiRequestSchema.optional(),
});

const createPageInput = z.strictObject({
  projectKey: projectKey.describe('Project to add the page to; you must be able to edit it.'),
  title: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Page title. Default (or blank) "Untitled"; a title already used in the project gets a number appended.',
    ),
  ai: aiRequestSchema.optional(),
});

@Injectable()
export class ProjectTools {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly finder: ProjectFinder,
    private readonly creator: ProjectCreator,
    private readonly aiPages: AiPageService,
  ) {}

  readonly findProjects = defineTool({
    name: 'find_projects',
    title: 'Find projects',
    description: [
      'Find design projects you can access, by key (`ids`), free-text `search`, or a Folio `url` (published site, editor or embed URL).',
      'The three lookups combine as a union: results for ids first, then the URL, then search matches.',
      'With none of them, lists your most recently updated projects.',
      'Use it to get the projectKey the other tools need. Returns each project with its publish state, thumbnail and editor link.',
    ].join(' '),
    input: findInput,
    output: z.object({ projects: z.array(foundProjectSchema) }),
    annotations: readOnlyTool,
    handle: async (principal, input) => {
      const found = await this.finder.find(principal.actor, input);
      return {
        projects: found.map((project) => ({
          ...project,
          publishState: {
            published: project.publishState.published,
            destinations: project.publishState.destinations.map((d) => ({
              ...d,
              publishedAt: d.publishedAt.toISOString(),
            })),
          },
          updatedAt: project.updatedAt.toISOString(),
        })),
      };
    },
  });

  readonly createProject = defineTool({
    name: 'create_project',
    title: 'Create a project',
    description: [
      'Create a design project with an empty Home page, in your account or the given account and workspace.',
      'Pass `ai` to have the Home page generated from section libraries (see list_libraries); that spends AI credits and takes up to a minute.',
      'The project is created even when generation fails; `ai.status` then says why.',
      'Needs the create:project scope. Returns the project key, the home page key and an editor link.',
    ].join(' '),
    input: createProjectInput,
    output: z.object({
      projectKey: z.string(),
      homePageKey: z.string(),
      editorUrl: z.string(),
      ai: aiOutcomeSchema.optional(),
    }),
    annotations: creatingTool,
    requiredScope: 'create:project',
    handle: async (principal, { ai, ...request }) => {
      const create = () => this.creator.createProject(principal.actor, request);
      const { created: project, ai: outcome } = ai
        ? await this.aiPages.createWithAi(
            principal.actor,
            { accountKey: request.accountKey, workspace: request.workspace },
            ai,
            async () => {
              const created = await create();
              return { ...created, pageId: created.homePageId, title: 'Home' };
            },
          )
        : { created: await create(), ai: undefined };
      return {
        projectKey: project.projectKey,
        homePageKey: project.homePageKey,
        editorUrl: editorUrl(this.config.publicBaseUrl, project.projectKey, project.homePageKey),
        ...(outcome ? { ai: outcome } : {}),
      };
    },
  });

  readonly createPage = defineTool({
    name: 'create_page',
    title: 'Add a page',
    description: [
      'Add a page to a project you can edit. The title defaults to "Untitled"; a title already used in the project gets a number appended ("Untitled 2").',
      'Pass `ai` to have the page generated from section libraries (see list_libraries with this projectKey); that spends AI credits and takes up to a minute.',
      'The page is created even when generation fails; `ai.status` then says why.',
      'Needs the create:project scope. Returns the page key and an editor link.',
    ].join(' '),
    input: createPageInput,
    output: z.object({
      pageKey: z.string(),
      title: z.string(),
      editorUrl: z.string(),
      ai: aiOutcomeSchema.optional(),
    }),
    annotations: creatingTool,
    requiredScope: 'create:project',
    handle: async (principal, { projectKey: key, ai, title }) => {
      const create = () => this.creator.createPage(principal.actor, key, { title });
      const { created: page, ai: outcome } = ai
        ? await this.aiPages.createWithAi(principal.actor, { projectKey: key }, ai, create)
        : { created: await create(), ai: undefined };
      return {
        pageKey: page.pageKey,
        title: page.title,
        editorUrl: editorUrl(this.config.publicBaseUrl, key, page.pageKey),
        ...(outcome ? { ai: outcome } : {}),
      };
    },
  });
}
