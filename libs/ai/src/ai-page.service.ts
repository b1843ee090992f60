import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { InvalidInputError, type InputProblem } from '#folio/errors';
import { type Actor, type Placement } from '#folio/identity';
import { LibraryCatalog } from '#folio/libraries';
import { PlacementResolver, type PlacementTarget } from '#folio/projects';
import { type AiOutcome, type AiRequest } from './ai-request.js';
import { imageUrlProblems } from './image-urls.js';

/** Where the generated page will go: an existing project, or the account/workspace of a new one. */
export type AiTarget = PlacementTarget;

/** An `ai` request whose libraries and images were checked for the place the page goes. */
export interface CheckedAiRequest {
  request: AiRequest;
  placement: Placement;
}

@Injectable()
export class AiPageService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly placements: PlacementResolver,
    private readonly libraries: LibraryCatalog,
  ) {}

  /**
   * Refuses, before anything is created or spent, a request whose libraries are not AI-enabled and usable
   * where the page goes, or whose images are not public https. Edit access to the target is required.
   */
  async check(actor: Actor, target: AiTarget, request: AiRequest): Promise<CheckedAiRequest> {
    const where = await this.placements.forTarget(actor, target, 'edit');
    const usable = new Set((await this.libraries.listForAi(actor, where)).map((l) => l.libraryKey));
    const scope = 'projectKey' in target ? 'the same projectKey' : 'the same accountKey and workspace';
    const problems: InputProblem[] = request.libraries
      .map((key, index) => ({ key, index }))
      .filter(({ key }) => !usable.has(key))
      .map(({ key, index }) => ({
        path: `ai.libraries[${index}]`,
        message: `${key} is not an AI-enabled library usable here; call list_libraries with ${scope} to see the ones that are`,
      }));
    problems.push(
      ...(await imageUrlProblems(request.images ?? [], {
        allowPrivate: this.config.outboundAllowPrivate,
        pathPrefix: 'ai.images',
      })),
    );
    if (problems.length) throw new InvalidInputError(problems);
    return { request, placement: where };
  }

  /**
   * Generation needs a page composer, which this server does not have yet: the call reports that
   * instead of silently ignoring the request, and the project or page stays as created.
   */
  async generate(): Promise<AiOutcome> {
    return {
      status: 'failed',
      message:
        'AI page generation is not configured on this server yet, so the page was created empty and no credits were spent. Add sections in the editor, or call again once generation is available.',
    };
  }
}
