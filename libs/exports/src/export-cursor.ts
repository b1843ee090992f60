// Continuation cursors of the section export: where the next part starts, for the same selection.
import { createHash } from 'node:crypto';
import { InvalidInputError } from '#folio/errors';

interface CursorContent {
  /** The first section of the next part. */
  start: string;
  /** The selection it belongs to: the section keys it covered when the cursor was made. */
  selection: string;
}

/** A short fingerprint of the selected sections, in order. */
export function selectionFingerprint(sectionKeys: readonly string[]): string {
  return createHash('sha256').update(sectionKeys.join(',')).digest('base64url').slice(0, 12);
}

export function encodeCursor(start: string, sectionKeys: readonly string[]): string {
  const content: CursorContent = { start, selection: selectionFingerprint(sectionKeys) };
  return Buffer.from(JSON.stringify(content)).toString('base64url');
}

const stale = (reason: string) =>
  new InvalidInputError([
    {
      path: 'cursor',
      message: `${reason}; call again without cursor (and with the same other arguments) to start over`,
    },
  ]);

/**
 * The position in `sectionKeys` a cursor continues from. A cursor made for another selection (the project
 * changed, or other pageKey/sectionKeys were given) is refused rather than silently skipping or repeating.
 */
export function cursorPosition(cursor: string, sectionKeys: readonly string[]): number {
  let content: Partial<CursorContent>;
  try {
    content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorContent>;
  } catch {
    throw stale('this cursor was not made by get_project_sections');
  }
  if (typeof content.start !== 'string' || typeof content.selection !== 'string') {
    throw stale('this cursor was not made by get_project_sections');
  }
  const position = sectionKeys.indexOf(content.start);
  if (content.selection !== selectionFingerprint(sectionKeys) || position < 0) {
    throw stale('the project changed since this cursor was made, or the call selects other sections');
  }
  return position;
}
