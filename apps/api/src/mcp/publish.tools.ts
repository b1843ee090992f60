// publish_project: a link for a person to confirm a publish in Folio. The tool itself never publishes.
import { inputRequired } from '@modelcontextprotocol/server';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { publicKeySchema } from '#folio/content';
import { type PublishIntentAnswer, PublishIntents } from '#folio/publishing';
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
    handle: async (principal, { projectKey, destination }, call) => {
      // The retried call of a client that opened the link for its person: the same link, not a new one.
      const sent = call.state as SentToReview | undefined;
      const same = sent?.answer.projectKey === projectKey && sent.answer.destination === destination;
      if (sent?.keyId === principal.keyId && same) return sent.answer;
      const answer = await this.intents.ask(principal.actor, principal.keyId, projectKey, destination);
      if (!call.urlElicitation) return answer;
      return inputRequired({
        inputRequests: {
          review: inputRequired.elicitUrl({
            message: `Review the changes to ${projectKey} and publish them in Folio.`,
            url: answer.confirmUrl,
          }),
        },
        requestState: await call.seal({ keyId: principal.keyId, answer } satisfies SentToReview),
      });
    },
  });
}

/** What a call that asked the client to open the link carries to its retry (sealed: only Folio writes it). */
interface SentToReview {
  keyId: string;
  answer: PublishIntentAnswer;
}
