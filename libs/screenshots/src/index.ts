export { ScreenshotsModule } from './screenshots.module.js';
export { SectionCapture, type CaptureRequest, type CaptureResult } from './section-capture.js';
export { ChromiumBrowser, chromiumLaunchOptions } from './chromium-browser.js';
export { chromiumExecutable } from './chromium-executable.js';
