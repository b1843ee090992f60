// publish_project: a link for a person to confirm a publish in Folio. The tool itself never publishes.
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { PublishIntents } from '#folio/publishing';
import { creatingTool, defineTool } from './tool-definition.js';

const input = z.strictObject({
  projectKey: publicKeySchema.describe('From find_projects.'),
  destination: z.enum(['site', 'embed']),
});

const output = z.object({
  projectKey: z.string(),
  destination: z.string(),
  revision: z.number(),
  confirmUrl: z.string(),
  expiresAt: z.string(),
});

@Injectable()
export class PublishTools {
  constructor(private readonly intents: PublishIntents) {}

  readonly publishProject = defineTool({
    name: 'publish_project',
    title: 'Ask to publish a project',
    description:
      'Publishes nothing: returns confirmUrl (single-use, 30 min) where a person reviews the changes and publishes. Give them the link. Needs edit:project.',
    input,
    output,
    annotations: creatingTool,
    requiredScope: 'edit:project',
    handle: (principal, { projectKey, destination }) =>
      this.intents.ask(principal.actor, principal.keyId, projectKey, destination),
  });
}
