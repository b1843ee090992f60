import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AuditLog } from '#folio/audit';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { type ProjectSnapshot, indexPage } from '#folio/content';
import { Prisma, PrismaService } from '#folio/db';
import { ConflictError, InvalidInputError } from '#folio/errors';
import { JobQueue, shareImageJob } from '#folio/jobs';
import { BlockedAddressError } from '#folio/outbound';
import { type Actor } from '#folio/identity';
import {
  assetsByKey,
  type AccessibleProject,
  pageAssetKeys,
  portableRenderContext,
  ProjectAccess,
  ProjectRepository,
} from '#folio/projects';
import { pageSections, renderPage } from '#folio/render';
import { type VersionRecord, VersionRepository, VersionService } from '#folio/versions';
import {
  type PublicationConfig,
  type PublicationRecord,
  PublicationRepository,
  type PublicationWrite,
} from './publication.repository.js';
import { type DestinationKind, destinationKindSchema } from './destination-kind.js';
import { type PublishState, publishStateOf } from './publish-state.js';
import { embedScriptUrl, siteUrl } from './published-urls.js';
import { siteSlugCandidates, siteSlugSchema } from './site-slug.js';
import { type WebhookDelivery, type WebhookPayload, WebhookService } from './webhook.service.js';

const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const publishRequestSchema = z.strictObject({
  destination: destinationKindSchema(),
  /** Publish this saved version; without it the project is saved as a new version first. */
  versionNumber: z.number().int().positive().optional(),
  /** Site: the address `<base>/sites/<slug>/`; defaults to the current one, else one made from the title. */
  slug: z.preprocess(blankAsUndefined, siteSlugSchema.optional()),
  /** Webhook: where to POST; needed the first time, then kept. */
  webhookUrl: z.preprocess(
    blankAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
      .max(2_000)
      .optional(),
  ),
  /** Webhook: the secret that signs each delivery; needed the first time, then kept and never shown. */
  webhookSecret: z.preprocess(
    blankAsUndefined,
    z.string().min(16, 'use a secret of at least 16 characters').max(200).optional(),
  ),
});

/** What publishing asks for; publishRequestSchema documents and checks each field. */
export interface PublishRequest {
  destination: DestinationKind;
  versionNumber?: number;
  slug?: string;
  webhookUrl?: string;
  webhookSecret?: string;
}

export interface PublishResult {
  projectKey: string;
  destination: DestinationKind;
  /** The version published, or the one that was not delivered (not kept when saved for this publish). */
  version: number;
  /** False only when a webhook could not be delivered; the destination then still serves what it had. */
  published: boolean;
  publishedAt: Date | null;
  /** Site: the site URL; embed: the index page's script URL; webhook: null. */
  url: string | null;
  slug: string | null;
  delivery?: WebhookDelivery;
}

/** A webhook destination: where to POST, and the secret that signs it. */
interface WebhookTarget {
  url: string;
  secret: string;
}

/** A publish under way: edit access to the project checked, the version to publish saved or found. */
interface Publishing {
  actor: Actor;
  project: AccessibleProject;
  version: VersionRecord;
}

/** Publishing saved versions to site, embed and webhook destinations, and what is published where. */
@Injectable()
export class PublishService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
    private readonly projects: ProjectRepository,
    private readonly access: ProjectAccess,
    private readonly versions: VersionRepository,
    private readonly versionService: VersionService,
    private readonly publications: PublicationRepository,
    private readonly webhooks: WebhookService,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Publishes a version (by default the project as it is now, saved as a new version unless unchanged) to
   * one destination. Edit access. The destination is checked before anything is saved, and a version saved
   * for a publish that fails is not kept.
   */
  async publish(
    actor: Actor,
    projectKey: string,
    request: PublishRequest,
    draftRevision?: number,
  ): Promise<PublishResult> {
    const project = await this.access.findAccessible(actor, projectKey, 'edit');
    const input = parsePublishRequest(request);
    const base = this.config.sitesBaseUrl;
    const withVersion = (publish: (publishing: Publishing) => Promise<PublishResult>) =>
      this.publishVersion(actor, project, input.versionNumber, draftRevision, publish);
    switch (input.destination) {
      case 'site': {
        const slug = await this.slugFor(project, input.slug);
        return withVersion(async (publishing) => {
          const record = await this.publishSite(publishing, slug);
          return this.result(project, record, siteUrl(base, slug));
        });
      }
      case 'embed':
        return withVersion(async (publishing) => {
          const index = indexPage(await this.versions.snapshot(publishing.version.id));
          const config: PublicationConfig = index ? { indexPageKey: index.key } : {};
          const record = await this.recordPublication(publishing, { kind: 'embed', config });
          return this.result(project, record, index ? embedScriptUrl(base, project.key, index.key) : null);
        });
      case 'webhook': {
        const webhook = await this.webhookFor(project, input);
        return withVersion((publishing) => this.publishToWebhook(publishing, webhook));
      }
    }
  }

  /** The publish state of each of these projects, by id. */
  async publishState(projectIds: readonly string[]): Promise<Map<string, PublishState>> {
    const projects = await this.publications.destinations(projectIds);
    return new Map(
      projects.map((project) => [project.id, publishStateOf(project, this.config.sitesBaseUrl)]),
    );
  }

  /** Runs `publish` with the version to publish; a version saved for it is kept only when it published. */
  private async publishVersion(
    actor: Actor,
    project: AccessibleProject,
    versionNumber: number | undefined,
    draftRevision: number | undefined,
    publish: (publishing: Publishing) => Promise<PublishResult>,
  ): Promise<PublishResult> {
    const toPublish = await this.versionService.toPublish(
      project,
      actor.userId,
      versionNumber,
      draftRevision,
    );
    let result: PublishResult;
    try {
      result = await publish({ actor, project, version: toPublish.version });
    } catch (error) {
      await this.versionService.discard(toPublish);
      throw error;
    }
    if (result.published) await this.versionService.keep(toPublish);
    else await this.versionService.discard(toPublish);
    return result;
  }

  /**
   * The requested slug unless another project's site has it; without one, the site's current slug, else
   * the first of `siteSlugCandidates` that no other site has.
   */
  private async slugFor(project: AccessibleProject, requested: string | undefined): Promise<string> {
    if (requested) {
      const holder = (await this.publications.slugHolders([requested])).get(requested);
      if (holder && holder !== project.id) {
        throw new ConflictError(`The site address "${requested}" is taken; choose another slug.`);
      }
      return requested;
    }
    const current = await this.publications.find(project.id, 'site');
    if (current?.slug) return current.slug;
    const candidates = siteSlugCandidates(project);
    const holders = await this.publications.slugHolders(candidates);
    return candidates.find((slug) => !holders.has(slug)) ?? candidates.at(-1)!;
  }

  /** Where the webhook publish goes: the request's URL and secret, else the ones kept from the last time. */
  private async webhookFor(project: AccessibleProject, input: ParsedPublishRequest): Promise<WebhookTarget> {
    const current = await this.publications.find(project.id, 'webhook');
    const url = input.webhookUrl ?? current?.config.url;
    const secret = input.webhookSecret ?? current?.config.secret;
    const missing = [
      ...(url ? [] : [{ path: 'webhookUrl', message: 'required the first time you publish to a webhook' }]),
      ...(secret
        ? []
        : [{ path: 'webhookSecret', message: 'required the first time you publish to a webhook' }]),
    ];
    if (!url || !secret) throw new InvalidInputError(missing);
    return { url, secret };
  }

  private async publishToWebhook(
    publishing: Publishing,
    { url, secret }: WebhookTarget,
  ): Promise<PublishResult> {
    const { project, version } = publishing;
    const payload = await this.webhookPayload(project, version, await this.versions.snapshot(version.id));
    let delivery: WebhookDelivery;
    try {
      delivery = await this.webhooks.deliver(url, secret, payload);
    } catch (error) {
      if (!(error instanceof BlockedAddressError)) throw error;
      throw new InvalidInputError([
        {
          path: 'webhookUrl',
          message: `${url} leads to a private or local address, which Folio does not call`,
        },
      ]);
    }
    if (!delivery.ok) {
      return {
        projectKey: project.key,
        destination: 'webhook',
        version: version.number,
        published: false,
        publishedAt: null,
        url: null,
        slug: null,
        delivery,
      };
    }
    const record = await this.recordPublication(publishing, { kind: 'webhook', config: { url, secret } });
    return { ...this.result(project, record, null), delivery };
  }

  /**
   * Points the site at the version; each of its pages then owes a link-preview image of the version as
   * published (recorded with the publication, queued once it is committed).
   */
  private async publishSite(publishing: Publishing, slug: string): Promise<PublicationRecord> {
    const versionId = publishing.version.id;
    const pageKeys = (await this.versions.snapshot(versionId)).pages.map((page) => page.key);
    const record = await this.recordPublication(publishing, { kind: 'site', slug, config: {} }, (tx) =>
      this.publications.oweShareImages(tx, versionId, pageKeys),
    );
    // Owed in the database either way: a job not queued now is queued by the outstanding-work sweep.
    await this.jobs.addOwed(
      'share-image',
      pageKeys.map((pageKey) => shareImageJob(versionId, pageKey)),
    );
    return record;
  }

  /**
   * Points the project's destination at the version and records the audit event (and `alsoRecord`), in one
   * transaction. A slug another project took since `slugFor` looked is a conflict.
   */
  private async recordPublication(
    { actor, project, version }: Publishing,
    destination: Omit<PublicationWrite, 'projectId' | 'versionId'>,
    alsoRecord?: (tx: Prisma.TransactionClient) => Promise<void>,
  ): Promise<PublicationRecord> {
    const write = { ...destination, projectId: project.id, versionId: version.id };
    try {
      return await this.prisma.$transaction(async (tx) => {
        const record = await this.publications.publish(tx, write);
        await alsoRecord?.(tx);
        await this.audit.record(
          {
            action: 'project.published',
            accountIds: [project.accountId],
            actorUserId: actor.userId,
            target: { type: 'project', id: project.key },
            data: {
              title: project.title,
              destination: record.kind,
              version: version.number,
              slug: record.slug ?? undefined,
            },
          },
          tx,
        );
        return record;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw new ConflictError(`The site address "${write.slug}" is taken; choose another slug.`);
      }
      throw error;
    }
  }

  /** Every page of the version rendered to HTML and CSS, as the webhook receives it. */
  private async webhookPayload(
    project: AccessibleProject,
    version: VersionRecord,
    snapshot: ProjectSnapshot,
  ): Promise<WebhookPayload> {
    const assets = assetsByKey(
      await this.projects.assets(project.id, [...new Set(snapshot.pages.flatMap(pageAssetKeys))]),
    );
    const context = portableRenderContext(snapshot.project, assets, this.config.publicBaseUrl);
    return {
      projectKey: project.key,
      version: version.number,
      pages: snapshot.pages.map((page) => {
        const rendered = renderPage(pageSections(snapshot, page), context);
        return {
          pageKey: page.key,
          path: page.path,
          title: page.title,
          html: rendered.html,
          css: rendered.css,
          script: rendered.script,
        };
      }),
    };
  }

  private result(project: AccessibleProject, record: PublicationRecord, url: string | null): PublishResult {
    return {
      projectKey: project.key,
      destination: record.kind,
      version: record.versionNumber,
      published: true,
      publishedAt: record.publishedAt,
      url,
      slug: record.slug,
    };
  }
}

type ParsedPublishRequest = z.output<typeof publishRequestSchema>;

function parsePublishRequest(request: PublishRequest): ParsedPublishRequest {
  const parsed = publishRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  throw new InvalidInputError(
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}
