export {
  aiRequestSchema,
  aiImageSchema,
  aiOutcomeSchema,
  maxAiLibraries,
  maxAiImages,
  type AiRequest,
  type AiOutcome,
} from './ai-request.js';
export { imageUrlProblems } from './image-urls.js';
export { AiPageService, type AiTarget, type CheckedAiRequest } from './ai-page.service.js';
export { AiModule } from './ai.module.js';
