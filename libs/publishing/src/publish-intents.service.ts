// Publishing an agent asked for (publish_project): the agent gets a single-use link that expires; only a person
// who may publish the project, signed in to Folio, sees there what would change and publishes it.
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type Breakpoint, sectionAssetKeys, type SnapshotSection } from '#folio/content';
import { ConflictError, NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import { assetsByKey, portableRenderContext, ProjectAccess, ProjectRepository } from '#folio/projects';
import { renderDocument, renderPage } from '#folio/render';
import { DraftChangedError } from '#folio/versions';
import { type DestinationKind } from './destination-kind.js';
import { PublicationRepository } from './publication.repository.js';
import { publishDifference, type SectionChangeKind } from './publish-difference.js';
import { PublishIntentRepository, type PublishIntentRecord } from './publish-intent.repository.js';
import { type PublishResult, PublishService } from './publish.service.js';
import { siteUrl, embedScriptUrl } from './published-urls.js';

/** How long a confirmation link works. */
export const publishIntentLifetimeMs = 30 * 60_000;

/** The confirmation page shows this many sections drawn; any more are named. */
export const maxDrawnSections = 12;

/** The destinations an agent may ask a person to publish to. */
export type AgentDestination = Extract<DestinationKind, 'site' | 'embed'>;

export interface PublishIntentAnswer {
  projectKey: string;
  destination: AgentDestination;
  revision: number;
  confirmUrl: string;
  expiresAt: string;
}

/** One breakpoint of a section as two documents to frame: as published and as it would be. */
export interface ReviewFrame {
  breakpoint: Pick<Breakpoint, 'name' | 'label' | 'previewWidth'>;
  before: string | null;
  after: string | null;
}

export interface ReviewSection {
  kind: SectionChangeKind;
  pageTitle: string;
  title: string;
  /** Empty beyond maxDrawnSections, and for removed sections (named only). */
  frames: ReviewFrame[];
}

/** What the confirmation page shows. */
export interface PublishReview {
  projectKey: string;
  projectTitle: string;
  destination: DestinationKind;
  /** The draft's revision shown: what a confirmation publishes. */
  revision: number;
  /** The draft changed since the agent asked (revision > the intent's). */
  changedSinceAsked: boolean;
  publishedVersion: number | null;
  /** Where it is live now, for an embed its script; null before the first publish. */
  liveUrl: string | null;
  sections: ReviewSection[];
  pagesAdded: string[];
  pagesRemoved: string[];
  pagesRetitled: string[];
  themeChanged: boolean;
  expiresAt: Date;
}

/** The draft changed between the review and the confirmation: the person reviews the new difference. */
export class ReviewOutdatedError extends ConflictError {
  constructor() {
    super(
      'The draft changed while you were reviewing it. Here is the new difference: check it and publish again.',
    );
  }
}

export function hashPublishToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class PublishIntents {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: ProjectAccess,
    private readonly projects: ProjectRepository,
    private readonly publications: PublicationRepository,
    private readonly intents: PublishIntentRepository,
    private readonly publishing: PublishService,
  ) {}

  /** A confirmation link for publishing the project's draft to `destination`; publishes nothing. Edit access. */
  async ask(
    actor: Actor,
    keyId: string,
    projectKey: string,
    destination: AgentDestination,
  ): Promise<PublishIntentAnswer> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + publishIntentLifetimeMs);
    await this.intents.create({
      tokenHash: hashPublishToken(token),
      projectId: project.id,
      destination,
      revision: project.revision,
      createdByKeyId: keyId,
      expiresAt,
    });
    return {
      projectKey: project.key,
      destination,
      revision: project.revision,
      confirmUrl: `${this.config.publicBaseUrl}/publish/confirm/${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** What publishing would change, for a person who may publish the project. */
  async review(actor: Actor, token: string): Promise<PublishReview> {
    const intent = await this.usable(token);
    const project = await this.access.findAccessible(actor, intent.projectKey, 'edit');
    const [draft, published] = await Promise.all([
      this.projects.snapshot(project.id),
      this.publications.findPublished(project.key, intent.destination),
    ]);
    const difference = publishDifference(published?.snapshot ?? null, draft);
    const drawn = difference.sections
      .filter((change) => change.kind !== 'removed')
      .slice(0, maxDrawnSections);
    const assets = assetsByKey(
      await this.projects.assets(project.id, [
        ...new Set(drawn.flatMap((change) => [change.before, change.after].flatMap(assetKeysOf))),
      ]),
    );
    const base = this.config.publicBaseUrl;
    const afterContext = portableRenderContext(draft.project, assets, base);
    const beforeContext = published ? portableRenderContext(published.snapshot.project, assets, base) : null;
    // Drawn still: the frames run no script (their interactions would only replay entrances).
    const document = (section: SnapshotSection | undefined, context: typeof afterContext | null) =>
      section && context
        ? renderDocument({ ...renderPage([section], context), script: '' }, { title: section.title })
        : null;
    return {
      projectKey: project.key,
      projectTitle: project.title,
      destination: intent.destination,
      revision: project.revision,
      changedSinceAsked: project.revision !== intent.revision,
      publishedVersion: published?.versionNumber ?? null,
      liveUrl: published ? this.liveUrl(published) : null,
      sections: difference.sections.map((change) => ({
        kind: change.kind,
        pageTitle: change.pageTitle,
        title: change.title,
        frames: drawn.includes(change)
          ? framesAt(
              draft.project.breakpoints,
              document(change.before, beforeContext),
              document(change.after, afterContext),
            )
          : [],
      })),
      pagesAdded: difference.pagesAdded,
      pagesRemoved: difference.pagesRemoved,
      pagesRetitled: difference.pagesRetitled,
      themeChanged: difference.themeChanged,
      expiresAt: intent.expiresAt,
    };
  }

  /**
   * Publishes the draft as reviewed at `revision` through PublishService (the editor's), once: the link is
   * used up by it (and given back when the publish fails).
   */
  async confirm(
    actor: Actor,
    token: string,
    revision: number,
  ): Promise<PublishResult & { projectTitle: string }> {
    const intent = await this.usable(token);
    const project = await this.access.findAccessible(actor, intent.projectKey, 'edit');
    if (project.revision !== revision) throw new ReviewOutdatedError();
    if (!(await this.intents.claim(intent.id, new Date()))) {
      // Used or expired since it was read: usable says which.
      await this.usable(token);
      throw new ConflictError('This publish link is being used in another window.');
    }
    try {
      const request = { destination: intent.destination };
      const result = await this.publishing.publish(actor, project.key, request, revision);
      return { ...result, projectTitle: project.title };
    } catch (error) {
      await this.intents.release(intent.id);
      throw error instanceof DraftChangedError ? new ReviewOutdatedError() : error;
    }
  }

  /** The intent of a link that is still good; a clear refusal for one that is not. */
  private async usable(token: string): Promise<PublishIntentRecord> {
    const intent = await this.intents.findByTokenHash(hashPublishToken(token));
    if (!intent) {
      throw new NotFoundError('This publish link is not valid. Ask the agent for a new one.');
    }
    const refused = refusal(intent);
    if (refused) throw refused;
    return intent;
  }

  private liveUrl(published: {
    kind: DestinationKind;
    slug: string | null;
    projectKey: string;
    config: { indexPageKey?: string };
  }): string | null {
    const base = this.config.sitesBaseUrl;
    if (published.kind === 'site' && published.slug) return siteUrl(base, published.slug);
    if (published.kind === 'embed' && published.config.indexPageKey)
      return embedScriptUrl(base, published.projectKey, published.config.indexPageKey);
    return null;
  }
}

/** The same two documents framed at each breakpoint's width (their CSS picks the layout). */
function framesAt(breakpoints: Breakpoint[], before: string | null, after: string | null): ReviewFrame[] {
  return breakpoints.map(({ name, label, previewWidth }) => ({
    breakpoint: { name, label, previewWidth },
    before,
    after,
  }));
}

function assetKeysOf(section: SnapshotSection | undefined): string[] {
  return section ? sectionAssetKeys(section) : [];
}

/** Why a link may no longer be used (already used, expired), or null when it may. */
function refusal(intent: PublishIntentRecord): ConflictError | null {
  if (intent.usedAt) {
    return new ConflictError(
      'This publish link was already used. To publish again, ask the agent for a new link.',
    );
  }
  if (intent.expiresAt.getTime() <= Date.now()) {
    return new ConflictError(
      'This publish link has expired (links work for 30 minutes). Ask the agent for a new one.',
    );
  }
  return null;
}
