// find_projects, create_project and create_page: the tools that name, list and make projects and pages.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { AiPageService, aiOutcomeSchema, aiRequestSchema } from '#folio/ai';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { ProjectFinder } from '#folio/finding';
import { homePageTitle, ProjectCreator } from '#folio/projects';
import { editorUrl, destinationKinds } from '#folio/publishing';
import { creatingTool, defineTool, readOnlyTool } from './tool-definition.js';
import { workspaceReference } from './tool-inputs.js';

export const maxFindIds = 20;
export const maxFindLimit = 50;

const projectKey = publicKeySchema.describe('A project key, as find_projects returns it.');
const accountKey = publicKeySchema.describe('Account key (default: your own accounts).');

/** A project's publish state as the tools answer it (search and fetch too). */
export const publishStateSchema = z.object({
  published: z.boolean(),
  destinations: z.array(
    z.object({ kind: z.enum(destinationKinds), url: z.string().nullable(), publishedAt: z.iso.datetime() }),
  ),
  slug: z.string(),
});

const foundProjectSchema = z.object({
  projectKey: z.string(),
  title: z.string(),
  publishState: publishStateSchema,
  thumbnailUrl: z.string().nullable(),
  editorUrl: z.string(),
  accountKey: z.string(),
  updatedAt: z.iso.datetime(),
  revision: z.number().int(),
  match: z
    .object({
      field: z.enum(['title', 'description', 'tag', 'page']),
      pageKey: z.string().optional(),
      pageTitle: z.string().optional(),
      snippet: z.string().optional(),
    })
    .optional(),
});

const findInput = z.strictObject({
  ids: z
    .array(publicKeySchema)
    .max(maxFindIds, `at most ${maxFindIds} ids per call; split the lookup into several calls`)
    .optional()
    .describe(`Project keys (at most ${maxFindIds}).`),
  search: z
    .string()
    .trim()
    .min(1, 'give at least one word to search for')
    .max(200)
    .optional()
    .describe(
      'Words to find in titles, descriptions, tags and page text; all must match, the last as a prefix.',
    ),
  url: z.string().trim().max(2_000).optional().describe('A site, editor or embed URL of a project.'),
  accountKey: accountKey.optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(maxFindLimit, `limit is at most ${maxFindLimit}`)
    .default(10)
    .describe(
      `Most url/search/listed results (default 10, max ${maxFindLimit}); found ids always come back.`,
    ),
});

const createProjectInput = z.strictObject({
  title: z.string().trim().min(1, 'give the project a title').max(200).describe('Project title.'),
  accountKey: accountKey.optional(),
  workspace: workspaceReference.optional().describe('Workspace (folder) key or name. Default: none.'),
  preset: z.enum(['desktop', 'mobile']).optional().describe('Desktop first (default) or mobile first.'),
  ai: aiRequestSchema.optional(),
});

const createPageInput = z.strictObject({
  projectKey,
  title: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Default "Untitled"; a title in use gets a number ("Untitled 2").'),
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
      'Find projects you can access by `ids`, free-text `search` or a Folio `url`, combined in one list, ids first; with none, your most recently updated projects.',
      '`hasMore`: more matched than `limit` allowed.',
      '`notFound`: requested ids unknown or not visible to you.',
      'Search hits carry `match`: the field matched (title, description, tag, page) and for a page its key and a snippet.',
    ].join(' '),
    input: findInput,
    output: z.object({
      projects: z.array(foundProjectSchema),
      notFound: z.array(z.string()).optional(),
      hasMore: z.boolean(),
    }),
    annotations: readOnlyTool,
    handle: async (principal, input) => {
      const { projects, notFound, hasMore } = await this.finder.find(principal.actor, input);
      return {
        projects: projects.map((project) => ({
          ...project,
          publishState: {
            ...project.publishState,
            destinations: project.publishState.destinations.map((d) => ({
              ...d,
              publishedAt: d.publishedAt.toISOString(),
            })),
          },
          updatedAt: project.updatedAt.toISOString(),
        })),
        ...(notFound.length ? { notFound } : {}),
        hasMore,
      };
    },
  });

  readonly createProject = defineTool({
    name: 'create_project',
    title: 'Create a project',
    description: [
      'Create a project with an empty Home page, in your account or accountKey/workspace.',
      'With `ai` the Home page is generated from section libraries (list_libraries): spends AI credits, takes up to a minute;',
      'if generation fails the project still exists and `ai.message` says why. Needs create:project.',
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
            principal,
            { accountKey: request.accountKey, workspace: request.workspace },
            ai,
            async () => {
              const created = await create();
              return { ...created, pageId: created.homePageId, title: homePageTitle };
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
      'Add a page to a project you can edit.',
      'With `ai` it is generated from section libraries (list_libraries with this projectKey): spends AI credits, takes up to a minute;',
      'if generation fails the page still exists and `ai.message` says why. Needs create:project.',
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
      const create = () => this.creator.createPage(principal, key, { title });
      const { created: page, ai: outcome } = ai
        ? await this.aiPages.createWithAi(principal, { projectKey: key }, ai, create)
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
