export {
  aiRequestSchema,
  aiImageSchema,
  aiOutcomeSchema,
  maxAiLibraries,
  maxAiImages,
  type AiRequest,
  type AiOutcome,
} from './ai-request.js';
export { AiPageService, type AiTarget, type AiPageTarget } from './ai-page.service.js';
export { AiModule } from './ai.module.js';
export { AiImagesModule } from './images/ai-images.module.js';
export { motifOf } from './images/image-motif.js';
export { imageUrlProblems } from './images/image-urls.js';
export { materializeSection } from './section-materializer.js';
