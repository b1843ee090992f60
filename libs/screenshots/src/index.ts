export { ScreenshotsModule } from './screenshots.module.js';
export {
  SectionCapture,
  captureContextOptions,
  captureResourcePolicy,
  within,
  type CaptureRequest,
  type CaptureResult,
} from './section-capture.js';
export { ChromiumSlots, chromiumPagesAtOnce } from './chromium-slots.js';
export {
  loadResource,
  failureReason,
  type Fulfillment,
  type Loaded,
  type ReadOwnAsset,
  type ResourcePolicy,
} from './section-capture-resources.js';
export { ChromiumBrowser, chromiumLaunchOptions } from './chromium-browser.js';
export { chromiumExecutable } from './chromium-executable.js';
