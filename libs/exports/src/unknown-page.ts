import { type SnapshotPage } from '#folio/content';

/** Why a page key is not found in a project: the key, and the pages the project has (key and title). */
export function unknownPageMessage(projectKey: string, pages: SnapshotPage[], pageKey: string): string {
  const known = pages.length
    ? `Its pages: ${pages.map((page) => `${page.key} ("${page.title}")`).join(', ')}.`
    : 'It has no pages.';
  return `Project ${projectKey} has no page ${pageKey}. ${known}`;
}
