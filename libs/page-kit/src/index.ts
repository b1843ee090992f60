export { hashedStylesheet, fmt, type HashedStylesheet } from './stylesheet.js';
export { describePageError, type PageError, type PageErrorWording } from './page-error.js';
export { PageKitModule } from './page-kit.module.js';
export { PAGE_KIT_OPTIONS, type PageKitOptions } from './page-kit.options.js';
export { ViewRenderer, type RenderOptions } from './view-renderer.js';
export { PageErrorFilter } from './page-error.filter.js';
export {
  CurrentActor,
  CurrentActorMiddleware,
  sessionCookieName,
  SessionCookies,
  SessionGuard,
  type WebRequest,
} from './current-actor.js';
export { CsrfGuard } from './csrf.js';
export { FlashMessages } from './flash.js';
export { formBody, type FormBody } from './form-body.pipe.js';
export { allowFormActions, pageHelmetOptions } from './page-policy.js';
