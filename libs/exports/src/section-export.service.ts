// get_project_sections: the current (draft) project exported section by section, for agents and
// integrations, in answers that fit an agent's context: an outline, or whole sections up to a budget
// with a continuation for the rest.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import {
  type Breakpoint,
  type ProjectSnapshot,
  sectionAssetKeys,
  type SnapshotPage,
  type SnapshotSection,
  type Swatch,
  type Theme,
} from '#folio/content';
import { NotFoundError } from '#folio/errors';
import { type Actor } from '#folio/identity';
import {
  assetsByKey,
  portableRenderContext,
  ProjectAccess,
  ProjectRepository,
  ProjectSnapshots,
} from '#folio/projects';
import {
  elementKeysInOrder,
  exportSection,
  type ExportedSection,
  iconPaths,
  iconSvgTemplate,
  rootCss,
  sectionCaptureHasher,
  sectionDigest,
  sectionFingerprint,
  themeCss,
} from '#folio/render';
import { type ImagePreview, ImagePreviews, publicUrl } from '#folio/storage';
import { answerTextBytes, answerTokens, imageTokens, textTokens } from './answer-budget.js';
import { cursorPosition, encodeCursor } from './export-cursor.js';
import { designTokens, type DesignTokens } from './design-tokens.js';
import { SectionExportRepository } from './section-export.repository.js';
import { unknownPageMessage } from './unknown-page.js';

/** Sections one full answer holds at most (the service description's cap). */
export const maxExportedSections = 40;
/** Keys of sections not returned that `truncated` lists; the rest are counted. */
const maxListedSectionKeys = 200;
/** Screenshots come back as images this size at most. */
export const screenshotPreviewSize = { maxWidth: 480, maxHeight: 960 };
/** The root class the theme CSS is scoped to. */
const themeRoot = '.folio-page';

export interface SectionExportRequest {
  /** Only this page. */
  pageKey?: string;
  /** Only these sections (an empty list means no filter). */
  sectionKeys?: string[];
  includeCss: boolean;
  includeInteractions: boolean;
  includeHtml: boolean;
  includeModels: boolean;
  /** `outline`: keys, titles and sizes only; `full` (default): whole sections. */
  detail?: 'outline' | 'full';
  /** Each returned section's screenshot as an image too. */
  includeScreenshots?: boolean;
  /** The theme as W3C Design Tokens too. */
  includeTokens?: boolean;
  /** Where to continue, from a previous answer's `truncated.next`. */
  cursor?: string;
}

export type ExportedProjectSection = ExportedSection & {
  screenshotUrl: string | null;
  /** Parts left out because this section alone is larger than an answer may be. */
  omitted?: string[];
};

/** A section identical to one exported earlier in the same selection (a navbar on every page). */
export interface SectionReference {
  sectionKey: string;
  title: string;
  type: string;
  screenshotUrl: string | null;
  /** The section exported in full whose design and content this one repeats. */
  sameAs: string;
  /** This section's element keys, in the order of `sameAs`'s tree (depth first). */
  elementKeys: string[];
}

export interface OutlinedSection {
  sectionKey: string;
  title: string;
  type: string;
  digest?: string;
  screenshotUrl?: string | null;
  /** Bytes of this section in a full export with the same arguments. */
  bytes: number;
  sameAs?: string;
}

export type ExportEntry = ExportedProjectSection | SectionReference | OutlinedSection;

export interface ExportedPage<E = ExportEntry> {
  pageKey: string;
  title: string;
  path: string;
  sections: E[];
}

export interface Truncation {
  totalSections: number;
  returned: number;
  /** Sections not in this answer, by page (the first ones when there are very many). */
  notReturned: { pageKey: string; sectionKeys: string[]; more?: number }[];
  /** The arguments of the call that returns the next part, as they are. */
  next: Record<string, unknown>;
  hint: string;
}

export interface SectionExport {
  projectKey: string;
  /** Latest saved version number, null if never saved. The export itself is of the current draft. */
  versionNumber: number | null;
  /** The draft's revision, read before its sections: what edit_project's baseRevision is compared with. */
  revision: number;
  detail: 'full' | 'outline';
  theme?: Theme;
  breakpoints?: Breakpoint[];
  swatches?: Swatch[];
  /** The theme as CSS (custom properties, text-style classes, fonts), scoped to `.folio-page`. */
  themeCss?: string;
  /** The theme as W3C Design Tokens, each naming the custom property or class it becomes. */
  tokens?: DesignTokens;
  /** The icons the sections of this answer use: each is `svg` with `{paths}` replaced by its paths. */
  icons?: { svg: string; paths: Record<string, string> };
  pages: ExportedPage[];
  truncated?: Truncation;
}

export interface SectionImage extends ImagePreview {
  sectionKey: string;
  /** What the image shows, in a line that goes before it. */
  label: string;
}

export interface SectionExportAnswer {
  answer: SectionExport;
  /** Screenshots of the answer's sections, when asked for (in section order). */
  images: SectionImage[];
  /** `answer` as JSON text, encoded once for every request that gets this answer. */
  json: string;
}

/** One selected section and where it sits. */
interface Slot {
  page: SnapshotPage;
  /** The page's position in the selection. */
  pageIndex: number;
  section: SnapshotSection;
  /** The key of the earlier section this one repeats, if any. */
  sameAs?: string;
}

/** What an answer part is made of: a JSON entry per section, its size, and its image if any. */
interface Candidate {
  slot: Slot;
  entry: ExportEntry;
  bytes: number;
  image: ImagePreview | null;
}

const json = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

@Injectable()
export class SectionExportService {
  /**
   * Answers kept per instance by everything they are made of: the project's revision, the arguments, and
   * what changes without a new revision (saved version, asset states, screenshots), all read per request.
   */
  private readonly answers: LRUCache<string, SectionExportAnswer> | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectRepository,
    private readonly snapshots: ProjectSnapshots,
    private readonly access: ProjectAccess,
    private readonly sections: SectionExportRepository,
    private readonly previews: ImagePreviews,
  ) {
    this.answers = config.exportCacheSize > 0 ? new LRUCache({ max: config.exportCacheSize }) : null;
  }

  /**
   * View access. The selected sections in project order, from `cursor` on, as many as fit one answer
   * (`answerTextBytes` of text, `answerTokens` with images, 40 sections in full); `truncated.next` is the
   * call for the rest. An unknown pageKey or sectionKeys is NotFoundError naming what exists or is missing.
   * Access is decided on every call; the snapshot and the answer come from memory when the project's
   * revision and everything else the answer is made of are what they were.
   */
  async export(
    actor: Actor,
    projectKey: string,
    request: SectionExportRequest,
  ): Promise<SectionExportAnswer> {
    const project = await this.access.findAccessible(actor, projectKey, 'view');
    const snapshot = await this.snapshots.at(project);
    const selection = selectSections(snapshot, request);
    const slots = withRepeats(selection);
    const keys = slots.map((slot) => slot.section.key);
    const start = request.cursor ? cursorPosition(request.cursor, keys) : 0;
    const [assets, versionNumber, models] = await Promise.all([
      // The assets of every section of the selected pages (each page's sections are all slots).
      this.projects.assets(project.id, [...new Set(slots.flatMap((slot) => assetKeysOf(slot.section)))]),
      this.sections.latestVersionNumber(project.id),
      request.includeModels ? this.sections.sectionModels(project.id, keys) : new Map<string, unknown>(),
    ]);
    const base = this.config.publicBaseUrl;
    const byKey = assetsByKey(assets);
    const captureHash = sectionCaptureHasher(snapshot, base);
    const screenshots = await this.sections.screenshotUrls(
      project.id,
      slots.map(({ section }) => ({ sectionKey: section.key, hash: captureHash(section, byKey) })),
    );
    const cacheKey = digest([project.id, project.revision, request, versionNumber, assets, [...screenshots]]);
    const kept = this.answers?.get(cacheKey);
    if (kept) return kept;
    const { breakpoints, swatches } = snapshot.project;
    const context = portableRenderContext(snapshot.project, byKey, base);
    const { theme } = context;
    const screenshotUrl = (key: string) => {
      const url = screenshots.get(key);
      return url ? publicUrl(base, url) : null;
    };
    const full = (slot: Slot): ExportEntry => {
      const { section } = slot;
      if (slot.sameAs) {
        return {
          sectionKey: section.key,
          title: section.title,
          type: section.type,
          screenshotUrl: screenshotUrl(section.key),
          sameAs: slot.sameAs,
          elementKeys: elementKeysInOrder(section),
        };
      }
      const exported = exportSection(section, context, {
        ...request,
        model: models.get(section.key) ?? null,
      });
      const { sectionKey, title, type, ...parts } = exported;
      return { sectionKey, title, type, screenshotUrl: screenshotUrl(sectionKey), ...parts };
    };
    const outline = request.detail === 'outline';
    const entryOf = outline
      ? (slot: Slot): ExportEntry => outlined(slot, json(full(slot)), screenshotUrl(slot.section.key))
      : full;

    const envelope: SectionExport = {
      projectKey: project.key,
      versionNumber,
      revision: project.revision,
      detail: outline ? 'outline' : 'full',
      pages: [],
    };
    if (!outline) {
      Object.assign(envelope, { theme, breakpoints, swatches, icons: { svg: iconSvgTemplate, paths: {} } });
      if (request.includeCss) envelope.themeCss = themeCss(theme, themeRoot) + rootCss(theme, themeRoot);
    }
    if (request.includeTokens) envelope.tokens = designTokens(theme);
    const made = await this.fitPart(selection, slots, start, {
      entryOf,
      envelope,
      maxSections: outline ? Infinity : maxExportedSections,
      image: request.includeScreenshots
        ? async (slot) => {
            // A repeat looks like its original, whose picture the agent gets.
            const url = slot.sameAs ? null : screenshotUrl(slot.section.key);
            return url ? this.previews.of(url, screenshotPreviewSize) : null;
          }
        : null,
      truncation: (next) => truncation(slots, start, next, request, projectKey),
    });
    const answer = { ...made, json: JSON.stringify(made.answer) };
    this.answers?.set(cacheKey, answer);
    return answer;
  }

  /**
   * The longest run of sections from `start` whose answer stays within the budget (at least one: a
   * section too large alone comes back without its largest parts, see `shrunk`).
   */
  private async fitPart(
    selection: SnapshotPage[],
    slots: Slot[],
    start: number,
    plan: {
      entryOf: (slot: Slot) => ExportEntry;
      envelope: SectionExport;
      maxSections: number;
      image: ((slot: Slot) => Promise<ImagePreview | null>) | null;
      truncation: (next: number) => Truncation | undefined;
    },
  ): Promise<Omit<SectionExportAnswer, 'json'>> {
    const fixedBytes = json(plan.envelope) + json(plan.truncation(start) ?? {}) + 100;
    let textBytes = fixedBytes;
    let imageCost = 0;
    const icons = new Set<string>();
    const chosen: Candidate[] = [];
    for (let index = start; index < slots.length && chosen.length < plan.maxSections; index++) {
      const slot = slots[index];
      const entry = plan.entryOf(slot);
      const image = plan.image ? await plan.image(slot) : null;
      const newIcons = iconNames(entry).filter((name) => !icons.has(name));
      const candidate: Candidate = { slot, entry, bytes: json(entry) + 1, image };
      const labelBytes = image ? Buffer.byteLength(imageLabel(slot)) : 0;
      const cost = candidate.bytes + labelBytes + iconBytes(newIcons);
      const tokens = image ? imageTokens(image.width, image.height) : 0;
      const fits = (bytes: number, withImage: number) =>
        bytes <= answerTextBytes && textTokens(bytes) + imageCost + withImage <= answerTokens;
      if (!fits(textBytes + cost, tokens)) {
        if (chosen.length > 0) break;
        // Alone and still too large: it comes back smaller rather than never.
        const smaller = shrunk(candidate, answerTextBytes - textBytes - iconBytes(newIcons));
        const imageFits = image && fits(textBytes + smaller.bytes + labelBytes + iconBytes(newIcons), tokens);
        chosen.push({ ...smaller, image: imageFits ? image : null });
        break;
      }
      chosen.push(candidate);
      newIcons.forEach((name) => icons.add(name));
      textBytes += cost;
      imageCost += tokens;
    }
    return assemble(plan.envelope, selection, slots, start, chosen, plan.truncation(start + chosen.length));
  }
}

/** A short digest of what an answer is made of: its cache key. */
function digest(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

function iconNames(entry: ExportEntry): string[] {
  const assets = (entry as Partial<ExportedProjectSection>).assets ?? [];
  return assets.flatMap((asset) => (asset.icon ? [asset.icon] : []));
}

/** What these icons add to the answer's `icons`. */
function iconBytes(names: string[]): number {
  return names.reduce((sum, name) => sum + json(name) + json(iconPaths(name) ?? '') + 2, 0);
}

/**
 * `derive` made once per section of a kept snapshot (`ProjectSnapshots` shares its objects, and an entry
 * goes with its snapshot): what walks or hashes a whole section is not done again for every export.
 */
function oncePerSection<T>(derive: (section: SnapshotSection) => T): (section: SnapshotSection) => T {
  const made = new WeakMap<SnapshotSection, T>();
  return (section) => {
    if (made.has(section)) return made.get(section)!;
    const value = derive(section);
    made.set(section, value);
    return value;
  };
}

const fingerprintOf = oncePerSection(sectionFingerprint);
const assetKeysOf = oncePerSection(sectionAssetKeys);

/** Marks every section that repeats an earlier one of the selection (same design and content). */
function withRepeats(pages: SnapshotPage[]): Slot[] {
  const firstByFingerprint = new Map<string, string>();
  return pages.flatMap((page, pageIndex) =>
    page.sections.map((section) => {
      const fingerprint = fingerprintOf(section);
      const first = firstByFingerprint.get(fingerprint);
      if (!first) firstByFingerprint.set(fingerprint, section.key);
      return first ? { page, pageIndex, section, sameAs: first } : { page, pageIndex, section };
    }),
  );
}

function outlined(slot: Slot, bytes: number, screenshotUrl: string | null): OutlinedSection {
  const { key, title, type } = slot.section;
  if (slot.sameAs) return { sectionKey: key, title, type, sameAs: slot.sameAs, bytes };
  return { sectionKey: key, title, type, digest: sectionDigest(slot.section), screenshotUrl, bytes };
}

/**
 * A section too large for an answer on its own: without rendered HTML and models, else with its keys
 * and title only, `omitted` naming what was left out.
 */
function shrunk(candidate: Candidate, room: number): Candidate {
  const entry = candidate.entry as ExportedProjectSection;
  const { html: _html, models: _models, ...lean } = entry;
  const withoutRendered = { ...lean, omitted: ['html', 'models'] };
  if (json(withoutRendered) < room)
    return { ...candidate, entry: withoutRendered, bytes: json(withoutRendered) + 1 };
  const { sectionKey, title, type, screenshotUrl } = entry;
  const stub = {
    sectionKey,
    title,
    type,
    screenshotUrl,
    omitted: ['elementTree', 'css', 'assets', 'interactions', 'html', 'models'],
  };
  return { ...candidate, entry: stub as unknown as ExportEntry, bytes: json(stub) + 1 };
}

function imageLabel(slot: Slot): string {
  return `Screenshot of section ${slot.section.key} ("${slot.section.title}") on page ${slot.page.key}:`;
}

/** The answer for `chosen`: its pages (empty ones where they fall), icons, and truncation. */
function assemble(
  envelope: SectionExport,
  selection: SnapshotPage[],
  slots: Slot[],
  start: number,
  chosen: Candidate[],
  truncated: Truncation | undefined,
): Omit<SectionExportAnswer, 'json'> {
  const byPage = new Map<number, ExportEntry[]>();
  for (const { slot, entry } of chosen) {
    const entries = byPage.get(slot.pageIndex) ?? [];
    entries.push(entry);
    byPage.set(slot.pageIndex, entries);
  }
  const end = start + chosen.length;
  const pages = selection.flatMap((page, index): ExportedPage[] => {
    const sections = byPage.get(index);
    const listed = sections ?? (page.sections.length === 0 && ownsEmptyPage(slots, index, start, end));
    return listed
      ? [{ pageKey: page.key, title: page.title, path: page.path, sections: sections ?? [] }]
      : [];
  });
  const answer: SectionExport = { ...envelope, pages };
  if (envelope.detail === 'full') answer.icons = iconsOf(chosen);
  if (truncated) answer.truncated = truncated;
  const images = chosen
    .filter((candidate) => candidate.image)
    .map(({ slot, image }) => ({ sectionKey: slot.section.key, label: imageLabel(slot), ...image! }));
  return { answer, images };
}

/**
 * Whether the part of sections [start, end) lists the empty page at `pageIndex`: the part holding the
 * first section after it does, or the last part for pages after every section, so a walk names each page once.
 */
function ownsEmptyPage(slots: Slot[], pageIndex: number, start: number, end: number): boolean {
  const after = slots.findIndex((slot) => slot.pageIndex > pageIndex);
  if (after >= 0) return after >= start && after < end;
  return end >= slots.length;
}

function iconsOf(chosen: Candidate[]): SectionExport['icons'] {
  const paths: Record<string, string> = {};
  for (const { entry } of chosen) {
    for (const name of iconNames(entry)) paths[name] ??= iconPaths(name) ?? '';
  }
  return { svg: iconSvgTemplate, paths };
}

/** What is left after `next` sections, and the call that continues there; undefined when nothing is. */
function truncation(
  slots: Slot[],
  start: number,
  next: number,
  request: SectionExportRequest,
  projectKey: string,
): Truncation | undefined {
  if (next >= slots.length) return undefined;
  const left = slots.slice(next);
  const notReturned: Truncation['notReturned'] = [];
  let listed = 0;
  for (const { page, section } of left) {
    let entry = notReturned[notReturned.length - 1];
    if (entry?.pageKey !== page.key) {
      entry = { pageKey: page.key, sectionKeys: [] };
      notReturned.push(entry);
    }
    if (listed < maxListedSectionKeys) {
      entry.sectionKeys.push(section.key);
      listed++;
    } else entry.more = (entry.more ?? 0) + 1;
  }
  const keys = slots.map((slot) => slot.section.key);
  const { cursor: _previous, ...args } = request;
  return {
    totalSections: slots.length,
    returned: next - start,
    notReturned,
    next: { projectKey, ...args, cursor: encodeCursor(keys[next], keys) },
    hint: `This answer stops at ${next} of ${slots.length} sections to stay within an agent's context. Call again with \`next\` as the arguments for the rest, or narrow with pageKey / sectionKeys (see detail: "outline").`,
  };
}

/** The pages (in order) and their sections that the request asks for. */
function selectSections(snapshot: ProjectSnapshot, request: SectionExportRequest): SnapshotPage[] {
  const projectKey = snapshot.project.key;
  let pages = snapshot.pages;
  if (request.pageKey) {
    const page = pages.find((candidate) => candidate.key === request.pageKey);
    if (!page) {
      throw new NotFoundError(unknownPageMessage(projectKey, pages, request.pageKey));
    }
    pages = [page];
  }
  if (!request.sectionKeys?.length) return pages;

  const wanted = new Set(request.sectionKeys);
  const selected = pages
    .map((page) => ({ ...page, sections: page.sections.filter((section) => wanted.has(section.key)) }))
    .filter((page) => page.sections.length > 0);
  const found = new Set(selected.flatMap((page) => page.sections.map((section) => section.key)));
  const missing = [...wanted].filter((key) => !found.has(key));
  if (missing.length) {
    const where = request.pageKey ? `on page ${request.pageKey}` : `in project ${projectKey}`;
    throw new NotFoundError(
      `No section ${missing.join(', ')} ${where}. Call with detail: "outline" to see the section keys there are.`,
    );
  }
  return selected;
}
