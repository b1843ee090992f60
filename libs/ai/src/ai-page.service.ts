import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import {
  InsufficientCreditsError,
  InvalidInputError,
  type InputProblem,
  RateLimitedError,
} from '#folio/errors';
import { apiKeyIdTracker, RateLimiter } from '#folio/rate-limits';
import { type Placement, type Principal } from '#folio/identity';
import { imageRenderJob, JobQueue } from '#folio/jobs';
import { LibraryCatalog, LibraryRepository } from '#folio/libraries';
import {
  countOf,
  type DraftAuthor,
  draftAuthor,
  PlacementResolver,
  type PlacementTarget,
  ProjectWriter,
} from '#folio/projects';
import { type AiOutcome, type AiRequest } from './ai-request.js';
import { candidateOf } from './composer/candidates.js';
import {
  ComposerError,
  type CompositionInput,
  PAGE_COMPOSER,
  type PageComposer,
} from './composer/composition.js';
import { checkedPlan, PlanRejectedError } from './composer/plan-check.js';
import { type SectionPlan, type SlotFill } from './composer/section-plan.js';
import { CreditLedger, type Debit } from '#folio/credits';
import { GenerationRepository } from './generation.repository.js';
import { imageUrlProblems } from './images/image-urls.js';
import { themeToApply } from './look/project-look.js';
import { framedSections } from './page-frame.js';
import { linkNavigation } from './page-navigation.js';
import { materializeSection } from './section-materializer.js';

/** Where the generated page will go: an existing project, or the account/workspace of a new one. */
export type AiTarget = PlacementTarget;

/** The project and page a generation writes to, once they exist. */
export interface AiPageTarget {
  projectId: string;
  pageId: string;
  /** The page's title as created. */
  title: string;
}

/** Composition stopped by the time budget; reported to the caller in words. */
class GenerationTimeoutError extends Error {}

@Injectable()
export class AiPageService {
  private readonly logger = new Logger(AiPageService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly placements: PlacementResolver,
    private readonly libraries: LibraryCatalog,
    private readonly librarySections: LibraryRepository,
    private readonly ledger: CreditLedger,
    private readonly generations: GenerationRepository,
    private readonly writer: ProjectWriter,
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly limiter: RateLimiter,
    @Inject(PAGE_COMPOSER) private readonly composer: PageComposer,
  ) {}

  /**
   * Creates the project or page with `create` and generates it from `request` (docs/design.md §9).
   * Refused before anything is created or spent, in this order: libraries not AI-enabled and usable where
   * the page goes, a pool that cannot pay for the page, a key past its image probes of the minute, caller
   * images that are not public https images (probed only once the rest holds). The page's price is
   * debited before `create` runs and refunded when generation fails; whatever generation does, the
   * created project or page is returned with the outcome.
   */
  async createWithAi<T extends AiPageTarget>(
    principal: Principal,
    target: AiTarget,
    request: AiRequest,
    create: () => Promise<T>,
  ): Promise<{ created: T; ai: AiOutcome }> {
    // One deadline for the whole call, checks and creation included, so the caller's own timeout never
    // fires on a call that goes on to write and charge.
    const deadline = AbortSignal.timeout(this.config.ai.timeoutMs);
    const started = performance.now();
    const placement = await this.check(principal, target, request);
    const debits = [
      await this.ledger.debit(placement, this.config.ai.pageCredits, { reason: 'AI page generation' }),
    ];
    let created: T;
    try {
      created = await create();
    } catch (error) {
      await this.refundAll(debits, 'AI page generation refunded: the page was not created');
      throw error;
    }
    const ai = await this.generate(request, created, placement, debits, deadline, draftAuthor(principal));
    await this.record(created, ai, debits, started);
    return { created, ai };
  }

  /**
   * The placement the page goes to, once the request's libraries are usable there, its pool covers the
   * page and its images are public https images; the images, probed over the network, are checked last.
   */
  private async check({ actor, keyId }: Principal, target: AiTarget, request: AiRequest): Promise<Placement> {
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
    if (problems.length) throw new InvalidInputError(problems);
    await this.ledger.requireCovered(where, this.config.ai.pageCredits);
    const images = request.images ?? [];
    await this.countImageProbes(keyId, images.length);
    const imageProblems = await imageUrlProblems(images, {
      allowPrivate: this.config.outboundAllowPrivate,
      pathPrefix: 'ai.images',
    });
    if (imageProblems.length) throw new InvalidInputError(imageProblems);
    return where;
  }

  /** Counts `count` image URLs against the key's probes of the minute (RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE). */
  private async countImageProbes(keyId: string, count: number): Promise<void> {
    const rule = this.limiter.settings.aiImageProbes;
    const wait = await this.limiter.hits(rule, apiKeyIdTracker(keyId), count);
    if (wait !== null) {
      throw new RateLimitedError(
        `This API key may have at most ${rule.limit} image URLs checked a minute (each is fetched to see it is an image)`,
        wait,
      );
    }
  }

  /** The outcome, the page's sections written as `author`'s change; on failure every debit of the call has been refunded. Never throws. */
  private async generate(
    request: AiRequest,
    target: AiPageTarget,
    pool: Placement,
    debits: Debit[],
    deadline: AbortSignal,
    author: DraftAuthor,
  ): Promise<AiOutcome> {
    try {
      await this.ledger.attach(debits[0], { projectId: target.projectId, pageId: target.pageId });
      return await this.composeAndWrite(request, target, pool, debits, deadline, author);
    } catch (error) {
      const refunded = await this.refundAll(debits, 'AI page generation failed: refunded');
      return { status: 'failed', message: this.failureMessage(error, refunded) };
    }
  }

  /** Refunds each debit on its own, so one failing refund does not keep the others; returns the credits given back. */
  private async refundAll(debits: Debit[], reason: string): Promise<number> {
    let refunded = 0;
    for (const debit of debits) {
      try {
        await this.ledger.refund(debit, { reason });
        refunded += debit.amount;
      } catch (error) {
        this.logger.error(`Refund of ledger entry ${debit.entryId} failed: ${(error as Error).message}`);
      }
    }
    return refunded;
  }

  /** The generation's record is history: failing to write it must not turn a generated page into an error. */
  private async record(target: AiPageTarget, ai: AiOutcome, debits: Debit[], started: number): Promise<void> {
    await this.generations
      .record({
        projectId: target.projectId,
        pageId: target.pageId,
        status: ai.status,
        sectionsWritten: ai.status === 'generated' ? ai.sectionsWritten : 0,
        message: ai.status === 'failed' ? ai.message : null,
        credits: ai.status === 'generated' ? debits.reduce((sum, debit) => sum + debit.amount, 0) : 0,
        durationMs: Math.round(performance.now() - started),
      })
      .catch((error: unknown) => {
        this.logger.error(`AI generation of page ${target.pageId} not recorded: ${(error as Error).message}`);
      });
  }

  /**
   * Composition is bounded by the call's deadline; the write that follows is a short transaction and runs
   * only when the deadline has not passed, so a page reported as failed never gets sections afterwards.
   */
  private async composeAndWrite(
    request: AiRequest,
    target: AiPageTarget,
    pool: Placement,
    debits: Debit[],
    signal: AbortSignal,
    author: DraftAuthor,
  ): Promise<AiOutcome> {
    const project = await this.generations.projectLook(target.projectId);
    const candidates = (await this.generations.analysedSections(request.libraries)).map(candidateOf);
    if (!candidates.length) throw new PlanRejectedError('The chosen libraries have no analysed sections.');
    const input: CompositionInput = {
      prompt: request.prompt,
      text: request.text?.trim() || null,
      images: (request.images ?? []).map((image) => ({
        url: image.url,
        description: image.description ?? null,
      })),
      useOnlyProvidedAssets: request.useOnlyProvidedAssets ?? false,
      projectTitle: project.title,
      pageTitle: target.title,
      candidates,
    };
    const plan = checkedPlan(await untilAborted(this.composer.compose(input, signal), signal), input);
    if (signal.aborted) throw new GenerationTimeoutError();
    const paid = await this.payForImages(plan, pool, target, debits);
    const theme = themeToApply(project.theme, input);
    const { colors } = theme ?? project.theme;
    const designs = await this.librarySections.sectionDesigns(
      paid.sections.map((section) => section.sectionKey),
    );
    const planned = paid.sections.map((section) =>
      materializeSection(designs.get(section.sectionKey)!, section.fills, {
        imageStyle: request.imageStyle?.trim() || null,
        imageColours: [colors.primary, colors.secondary, colors.accent, colors['surface-alt']].filter(
          Boolean,
        ),
        preset: project.preset,
      }),
    );
    const frame = await this.generations.projectFrame(target.projectId, target.pageId);
    const { sections, reused } = framedSections(planned, frame);
    linkNavigation(sections, { projectTitle: project.title, reused });
    // The sections, the pending images they wait for and the project's look, in one transaction.
    const pendingAssetIds = await this.prisma.$transaction(async (tx) => {
      const images = sections.flatMap((section) => section.pendingImages);
      const assetIds = await this.generations.insertPendingImages(tx, target.projectId, images);
      const summary = `generated ${countOf(sections.length, 'section')} with AI on "${target.title}"`;
      await this.writer.appendSections(tx, target.projectId, target.pageId, sections, { author, summary });
      if (theme) await this.writer.setTheme(tx, target.projectId, theme);
      return assetIds;
    });
    await this.jobs.addOwed('image-render', pendingAssetIds.map(imageRenderJob));
    return { status: 'generated', sectionsWritten: sections.length };
  }

  /**
   * Generated images cost a credit each, from the page's pool. When the pool cannot pay for all of
   * them, none are generated and those slots keep the library's pictures: the page itself is paid for.
   */
  private async payForImages(
    plan: SectionPlan,
    pool: Placement,
    target: AiPageTarget,
    debits: Debit[],
  ): Promise<SectionPlan> {
    const count = plan.sections.flatMap((section) => section.fills).filter(isGeneratedImage).length;
    if (!count) return plan;
    try {
      debits.push(
        await this.ledger.debit(pool, count, {
          reason: `AI images (${count})`,
          projectId: target.projectId,
          pageId: target.pageId,
        }),
      );
      return plan;
    } catch (error) {
      if (!(error instanceof InsufficientCreditsError)) throw error;
      return {
        sections: plan.sections.map((section) => ({
          ...section,
          fills: section.fills.filter((fill) => !isGeneratedImage(fill)),
        })),
      };
    }
  }

  /** Why generation failed, in words for the caller; errors of our own are logged, not shown. */
  private failureMessage(error: unknown, refunded: number): string {
    let what: string;
    if (error instanceof GenerationTimeoutError) {
      what = `Generation took longer than ${Math.round(this.config.ai.timeoutMs / 1000)} seconds and was stopped.`;
    } else if (error instanceof ComposerError || error instanceof PlanRejectedError) {
      what = error.message;
    } else {
      this.logger.error(`AI page generation failed: ${(error as Error)?.stack ?? String(error)}`);
      what = 'Generation failed on our side.';
    }
    const refund = refunded ? ` The ${refunded} AI credits were refunded.` : '';
    return `${what} The page was kept as created, without generated sections.${refund}`;
  }
}

function isGeneratedImage(fill: SlotFill): boolean {
  return fill.kind === 'image' && fill.image.source === 'generated';
}

/** `work`, or a GenerationTimeoutError once `signal` aborts; `work`'s own outcome is always handled. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new GenerationTimeoutError());
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
