/** What a whole page shows: its own sections with the template's pinned items it lists around them. */
import {
  type ProjectSnapshot,
  type SnapshotPage,
  type SnapshotSection,
  type TemplatePinned,
} from '#folio/content';
import { instanceKey } from './template-instance.js';
import { fillPrototype } from './template-values.js';

/**
 * The sections to render for `page`: the pinned items listed in `page.pinnedIds` with placement `top`
 * (in template order), the page's sections, then the `bottom` ones. Each pinned item is made from its
 * prototype with the project's values for it; ids the template no longer defines are skipped.
 */
export function pageSections(snapshot: ProjectSnapshot, page: SnapshotPage): SnapshotSection[] {
  const listed = new Set(page.pinnedIds);
  const pinned = (snapshot.templatePinned ?? []).filter((definition) => listed.has(definition.id));
  if (pinned.length === 0) return page.sections;
  const placed = (placement: TemplatePinned['placement']) =>
    pinned
      .filter((definition) => definition.placement === placement)
      .map((definition) => pinnedSection(snapshot, definition));
  return [...placed('top'), ...page.sections, ...placed('bottom')];
}

function pinnedSection(snapshot: ProjectSnapshot, definition: TemplatePinned): SnapshotSection {
  const values = snapshot.pinnedValues[definition.id];
  return fillPrototype(definition.prototype, definition.fields, isRecord(values) ? values : {}, {
    key: instanceKey(snapshot.project.key, `pinned/${definition.id}`),
    title: definition.title,
    type: 'pinned',
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
