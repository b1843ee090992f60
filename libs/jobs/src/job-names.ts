/** Every kind of background job and the data it carries: the contract between producers and processors. */
export interface JobPayloads {
  /** One section of a saved version, rendered to a 1200 px PNG. */
  'section-screenshot': { versionId: string; sectionKey: string };
  /** The draft's sections whose content has no screenshot yet, and its thumbnail, as of a revision. */
  'draft-screenshots': { projectId: string; revision: number };
  /** The top of one page of a version published as a site, captured 1200 × 630 px: its og:image. */
  'share-image': { versionId: string; pageKey: string };
  /** the library analysis of docs/design.md §9, after AI was switched on for it. */
  'library-analysis': { libraryId: string };
  /** A pending AI image asset, drawn from its prompt and stored. */
  'image-render': { assetId: string };
}

export type JobName = keyof JobPayloads;

export const jobNames = [
  'section-screenshot',
  'draft-screenshots',
  'share-image',
  'library-analysis',
  'image-render',
] as const satisfies readonly JobName[];

/** A job to queue: `id` names the work (not the attempt), so queuing the same work twice runs it once. */
export interface JobRequest<N extends JobName> {
  id: string;
  data: JobPayloads[N];
}

export interface JobContext {
  id: string;
  /** 1 for the first run. */
  attempt: number;
  /** No retry follows if this run fails: the processor records the failure where people see it. */
  isLastAttempt: boolean;
}

/** The job that screenshots one section of one saved version. */
export function sectionScreenshotJob(
  versionId: string,
  sectionKey: string,
): JobRequest<'section-screenshot'> {
  return { id: `${versionId}.${sectionKey}`, data: { versionId, sectionKey } };
}

/** The job that catches the draft's screenshots up with `revision`: one per project and revision. */
export function draftScreenshotsJob(projectId: string, revision: number): JobRequest<'draft-screenshots'> {
  return { id: `${projectId}.r${revision}`, data: { projectId, revision } };
}

/** The job that captures the link-preview image of one page of a published version. */
export function shareImageJob(versionId: string, pageKey: string): JobRequest<'share-image'> {
  return { id: `${versionId}.${pageKey}`, data: { versionId, pageKey } };
}

/** The job that draws one pending AI image asset. */
export function imageRenderJob(assetId: string): JobRequest<'image-render'> {
  return { id: assetId, data: { assetId } };
}
