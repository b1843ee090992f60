// check_implementation: an agent's implementation (HTML, a URL or its own screenshots) compared with the
// draft design at each of the project's breakpoints (docs/agents.md, "Checking an implementation").
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { defaultBreakpoints, sectionAssetKeys } from '#folio/content';
import { InvalidInputError, NotFoundError, RateLimitedError } from '#folio/errors';
import { unknownPageMessage } from '#folio/exports';
import { type Principal } from '#folio/identity';
import { assetsByKey, ProjectAccess, ProjectRepository, ProjectSnapshots } from '#folio/projects';
import { apiKeyIdTracker, RateLimiter } from '#folio/rate-limits';
import {
  captureContextOptions,
  captureResourcePolicy,
  ChromiumBrowser,
  ChromiumSlots,
  failureReason,
  loadResource,
  type ResourcePolicy,
  within,
} from '#folio/screenshots';
import { BlobStore } from '#folio/storage';
import { type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { type BreakpointComparison, compareBreakpoint, round } from './breakpoint-comparison.js';
import { type LoadedResources, type Network, routeCheckRequests } from './candidate-routes.js';
import {
  type CheckAnswer,
  type CheckRequest,
  type CheckResult,
  maxMismatches,
  maxResultBytes,
} from './check-request.js';
import { designDocument, designSections } from './design-document.js';
import { DesignRenderings, type RenderedDesign } from './design-renderings.js';
import { type Rendering, renderAtWidth, screenshotRendering } from './rendering.js';

/** A whole check, both renderings and every comparison, ends within this or is refused. */
export const checkTimeoutMs = 60_000;
const loadTimeoutMs = 15_000;

interface Width {
  name: string;
  width: number;
}

@Injectable()
export class ImplementationCheck {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: ProjectAccess,
    private readonly projects: ProjectRepository,
    private readonly snapshots: ProjectSnapshots,
    private readonly designs: DesignRenderings,
    private readonly chromium: ChromiumBrowser,
    private readonly slots: ChromiumSlots,
    private readonly blobs: BlobStore,
    private readonly limiter: RateLimiter,
  ) {}

  /** View access to the project; counted against the key's checks of the minute. */
  async check({ actor, keyId }: Principal, request: CheckRequest): Promise<CheckAnswer> {
    const project = await this.access.findAccessible(actor, request.projectKey, 'view');
    const snapshot = await this.snapshots.at(project);
    const page = snapshot.pages.find((candidate) => candidate.key === request.pageKey);
    if (!page)
      throw new NotFoundError(unknownPageMessage(snapshot.project.key, snapshot.pages, request.pageKey));
    const section = request.sectionKey
      ? (designSections(snapshot, page, null).find((s) => s.key === request.sectionKey) ?? null)
      : null;
    if (request.sectionKey && !section) {
      throw new NotFoundError(`Page ${page.key} has no section ${request.sectionKey}.`);
    }
    const widths = this.widths(snapshot.project.breakpoints, request);
    await this.countCheck(keyId);

    const sections = designSections(snapshot, page, section);
    const assets = await this.projects.assets(project.id, [...new Set(sections.flatMap(sectionAssetKeys))]);
    const html = designDocument(snapshot, page, section, assetsByKey(assets), this.config.publicBaseUrl);
    const work = this.compare(html, widths, request);
    // A check that runs out of time may still fail later: that failure is nobody's to hear.
    work.catch(() => undefined);
    const done = await within(work, checkTimeoutMs);
    if (!done) {
      throw new InvalidInputError([
        {
          path: '',
          message: `the check took longer than ${checkTimeoutMs / 1000} s; try a section at a time`,
        },
      ]);
    }
    const { comparisons, overlays, pictures } = done.value;
    return {
      result: fitted({
        projectKey: snapshot.project.key,
        pageKey: page.key,
        sectionKey: section?.key ?? null,
        revision: project.revision,
        overall: round(comparisons.reduce((sum, c) => sum + c.scores.score, 0) / comparisons.length),
        breakpoints: comparisons.map((c) => c.scores),
        mismatches: comparisons
          .flatMap((c) => c.mismatches)
          .sort((a, b) => b.severity - a.severity)
          .slice(0, maxMismatches)
          .map(({ severity: _, ...mismatch }) => mismatch),
      }),
      overlays,
      pictures,
    };
  }

  /** The project's breakpoints, widest first; with screenshots, those the caller took. */
  private widths(breakpoints: { name: string; previewWidth: number }[], request: CheckRequest): Width[] {
    const all = (breakpoints.length ? breakpoints : defaultBreakpoints)
      .map((b) => ({ name: b.name, width: b.previewWidth }))
      .sort((a, b) => b.width - a.width);
    if (!('screenshots' in request.implementation)) return all;
    const given = request.implementation.screenshots.map((shot) => shot.breakpoint);
    const unknown = given.filter((name) => !all.some((b) => b.name === name));
    if (unknown.length || new Set(given).size !== given.length) {
      throw new InvalidInputError([
        {
          path: 'screenshots',
          message: `one screenshot per breakpoint of the project (${all.map((b) => b.name).join(', ')}); got ${given.join(', ')}`,
        },
      ]);
    }
    return all.filter((b) => given.includes(b.name));
  }

  private async countCheck(keyId: string): Promise<void> {
    const rule = this.limiter.settings.implementationChecks;
    const wait = await this.limiter.hit(rule, apiKeyIdTracker(keyId));
    if (wait !== null) {
      throw new RateLimitedError(
        `This API key may run at most ${rule.limit} implementation checks a minute`,
        wait,
      );
    }
  }

  private async compare(designHtml: string, widths: Width[], request: CheckRequest) {
    const policy = captureResourcePolicy(this.config, (url) => this.readOwnBlob(url));
    const implementation = request.implementation;
    // The design renders (unless it is kept) while the implementation loads and renders beside it.
    const { loaded, renderings: designs } = this.designs.rendering(
      designHtml,
      widths.map((w) => w.width),
      (into) => this.renderDesign(designHtml, widths, policy, into),
    );
    designs.catch(() => undefined);
    let candidates: Promise<Rendering[]>;
    if ('screenshots' in implementation) {
      candidates = Promise.all(
        widths.map(({ name, width }) =>
          screenshotRendering(
            implementation.screenshots.find((s) => s.breakpoint === name)!.image,
            width,
          ).catch(() => {
            throw new InvalidInputError([
              { path: 'screenshots', message: `the ${name} screenshot is not a PNG or JPEG image` },
            ]);
          }),
        ),
      );
    } else if ('html' in implementation) {
      candidates = this.render(
        'html',
        policy,
        loaded,
        widths,
        (page) => page.setContent(implementation.html, { waitUntil: 'load', timeout: loadTimeoutMs }),
        designs,
      );
    } else {
      // A URL that cannot be loaded is refused before its pages open.
      const document = await loadResource(implementation.url, {}, policy);
      if (!document.ok) {
        throw new InvalidInputError([
          { path: 'url', message: `${implementation.url} could not be loaded: ${document.reason}` },
        ]);
      }
      const pageLoads: LoadedResources = new Map([[implementation.url, Promise.resolve(document)]]);
      candidates = this.render('url', policy, pageLoads, widths, (page) =>
        page.goto(implementation.url, { waitUntil: 'load', timeout: loadTimeoutMs }),
      );
    }
    const [designRenderings, candidateRenderings] = await Promise.all([designs, candidates]);
    const comparisons: BreakpointComparison[] = [];
    for (const [index, { name }] of widths.entries()) {
      const widest = comparisons[0]?.matching
        ? { width: widths[0].width, matching: comparisons[0].matching }
        : null;
      comparisons.push(
        await compareBreakpoint(name, designRenderings[index], candidateRenderings[index], widest),
      );
    }
    const [overlays, pictures] = await Promise.all([
      Promise.all(comparisons.map(async (c) => ({ breakpoint: c.scores.name, ...(await c.diff.overlay()) }))),
      Promise.all(
        comparisons.map(async (c) => ({ breakpoint: c.scores.name, ...(await c.diff.pictures()) })),
      ),
    ]);
    return { comparisons, overlays, pictures };
  }

  /** The design at each width; not loaded in full when a page ran out of time (compared as far as it got). */
  private async renderDesign(
    html: string,
    widths: Width[],
    policy: ResourcePolicy,
    loaded: LoadedResources,
  ): Promise<RenderedDesign> {
    let loadedInFull = true;
    const renderings = await this.render('design', policy, loaded, widths, (page) =>
      page.setContent(html, { waitUntil: 'load', timeout: loadTimeoutMs }).catch((error: unknown) => {
        if ((error as Error).name === 'TimeoutError') loadedInFull = false;
        throw error;
      }),
    );
    return { renderings, loadedInFull };
  }

  /**
   * One document in its own context (scripts only for a URL), loaded in a page per width, the pages
   * rendering at once as far as the Chromium slots allow. The slots are asked for at once, before anything
   * is awaited: the design's pages queue ahead of the implementation's, which may wait on them.
   */
  private async render(
    network: Network,
    policy: ResourcePolicy,
    loaded: LoadedResources,
    widths: Width[],
    load: (page: Page) => Promise<unknown>,
    designRendered?: Promise<unknown>,
  ): Promise<Rendering[]> {
    const contextReady = this.newContext(network, policy, loaded, widths[0].width, designRendered);
    const renderings = Promise.all(
      widths.map(({ width }) =>
        this.slots.run(async () => {
          const page = await (await contextReady).newPage();
          try {
            await page.setViewportSize({ width, height: 800 });
            await load(page).catch((error: unknown) => {
              // A page that has not finished loading is compared as far as it got.
              if ((error as Error).name !== 'TimeoutError') throw error;
            });
            return await this.slots.capture(() => renderAtWidth(page, width, network === 'design'));
          } finally {
            await page.close().catch(() => undefined);
          }
        }),
      ),
    );
    try {
      return await renderings;
    } catch (error) {
      if (error instanceof InvalidInputError) throw error;
      if (network === 'design') throw error;
      throw new InvalidInputError([
        { path: network, message: `the implementation could not be rendered: ${failureReason(error)}` },
      ]);
    } finally {
      await renderings.catch(() => undefined);
      const context = await contextReady.catch(() => null);
      await within(context ? context.close().catch(() => undefined) : Promise.resolve(), 5_000);
    }
  }

  private async newContext(
    network: Network,
    policy: ResourcePolicy,
    loaded: LoadedResources,
    width: number,
    designRendered?: Promise<unknown>,
  ): Promise<BrowserContext> {
    const options: BrowserContextOptions = {
      ...captureContextOptions,
      viewport: { width, height: 800 },
      javaScriptEnabled: network === 'url',
    };
    const context = await (await this.chromium.browser()).newContext(options);
    try {
      await routeCheckRequests(context, network, policy, loaded, designRendered);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
    return context;
  }

  private async readOwnBlob(url: string): Promise<{ bytes: Uint8Array; type: string } | null> {
    const name = this.blobs.nameOf(url);
    const blob = name ? await this.blobs.get(name) : null;
    return blob && { bytes: blob.bytes, type: blob.type };
  }
}

/** The result with as many of its mismatches as keep its JSON under `maxResultBytes`. */
function fitted(result: CheckResult): CheckResult {
  const fit = { ...result, mismatches: [...result.mismatches] };
  while (fit.mismatches.length && Buffer.byteLength(JSON.stringify(fit)) > maxResultBytes)
    fit.mismatches.pop();
  return fit;
}
