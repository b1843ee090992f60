// The page kit (#folio/page-kit) set up for the editor's and operators' pages of apps/api.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashedStylesheet, PageKitModule } from '#folio/page-kit';
import { contentPolicy } from '../delivery/csp.js';
import { projectWording } from './editor-page.filter.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The editor's one stylesheet (the shared base, then editor.css), and its URL with a content hash (served with a long cache). */
export const editorStylesheet = hashedStylesheet(
  '/editor-assets/editor.css',
  join(here, 'assets', 'editor.css'),
);

/**
 * `/publish/confirm/<token>` stays, and so does the project list `/editor[?q=…]`; `/editor/<projectKey>/publish`
 * → `/editor/<projectKey>` (and `/editor/libraries/<key>/ai` → `/editor/libraries`).
 */
function editorPathOf(url: string): string {
  // A publish confirmation: back to its review.
  if (/^\/publish\/confirm\/[A-Za-z0-9_-]+$/.test(url)) return url;
  if (/^\/editor\/?(\?[^#]*)?$/.test(url)) return url;
  const [, projectKey] = /^\/editor\/([A-Za-z0-9]+)/.exec(url) ?? [];
  return projectKey ? `/editor/${projectKey}` : '/account';
}

/**
 * The Eta views of `apps/api/src/editor/views`, under a policy that runs only the page's own nonce'd
 * script and the preview's interactions runtime (a srcdoc frame runs under the page's policy). One module
 * for EditorModule and AdminModule alike.
 */
export const EditorPagesModule = PageKitModule.forRoot({
  views: join(here, 'views'),
  stylesheet: editorStylesheet,
  errorWording: projectWording,
  contentPolicy: ({ nonce, scriptSources, config }) =>
    contentPolicy({
      scriptSources: [`'nonce-${nonce}'`, ...scriptSources],
      frameAncestors: "'none'",
      secure: config.publicBaseUrl.startsWith('https:'),
      publicBaseUrl: config.publicBaseUrl,
    }),
  returnPathAfterLogin: editorPathOf,
});
