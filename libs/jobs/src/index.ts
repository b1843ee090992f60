export {
  type JobPayloads,
  type JobName,
  type JobRequest,
  type JobContext,
  jobNames,
  sectionScreenshotJob,
  draftScreenshotsJob,
  shareImageJob,
  imageRenderJob,
} from './job-names.js';
export { type JobProcessor, JobProcessorFor } from './job-processor.js';
export { JobQueue, type JobCounts, type FailedJob, type QueueOverview } from './job-queue.js';
export { InProcessJobQueue } from './in-process-job-queue.js';
export { BullJobQueue } from './bull-job-queue.js';
export { JobsModule } from './jobs.module.js';
export { jobAttempts, firstRetryDelay } from './retry-policy.js';
