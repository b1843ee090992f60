// Input fields several tools share.
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';

/** A page of a project, the home page by default: what get_embed_code and the views' tools are about. */
export const projectPage = {
  projectKey: publicKeySchema.describe('From find_projects.'),
  pageKey: publicKeySchema.optional().describe('Default: the home page.'),
};

/** A workspace named by key or by name (each tool describes what it is for). */
export const workspaceReference = z.string().trim().min(1).max(200);
