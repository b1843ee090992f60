// What any parsed request value must be, whatever the route: storable text and a bounded depth.
import { isUnstorableText, unstorableTextMessage } from '#folio/db';
import { type InputProblem } from '#folio/errors';

/**
 * Objects and arrays nested deeper than this are refused. Real bodies stay far below it (a template
 * body is about 6 levels, an editor save with a deep element tree a few dozen); validators and
 * transformers walk values recursively and overflow the stack a few thousand levels down.
 */
export const maxInputDepth = 128;

/** Enough to act on; a value full of problems is not walked to the end. */
const maxProblems = 10;

/**
 * Problems of a parsed body, query or parameter: text PostgreSQL cannot store, in a string or in a key
 * (it would fail as a database error, or change silently), and nesting deeper than maxInputDepth.
 * Walks iteratively: the value may be nested far deeper than the stack allows.
 */
export function inputShapeProblems(value: unknown, rootPath = ''): InputProblem[] {
  const problems: InputProblem[] = [];
  const pending: { value: unknown; path: string; depth: number; badName?: boolean }[] = [
    { value, path: rootPath, depth: 0 },
  ];
  while (pending.length > 0 && problems.length < maxProblems) {
    const { value: current, path, depth, badName } = pending.pop()!;
    if (badName) {
      // The path is shown escaped: it holds the very characters that cannot be stored.
      problems.push({
        path: JSON.stringify(path).slice(1, -1),
        message: `its name ${unstorableTextMessage}`,
      });
      continue;
    }
    if (typeof current === 'string') {
      if (isUnstorableText(current)) problems.push({ path, message: unstorableTextMessage });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxInputDepth) {
      problems.push({ path, message: `nested more than ${maxInputDepth} levels deep` });
      continue;
    }
    const entries: [string, string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => ['', `${path}[${index}]`, item])
      : Object.entries(current).map(([key, item]) => [key, path ? `${path}.${key}` : key, item]);
    // Reversed onto the stack, so problems come out in document order.
    for (const [key, childPath, item] of entries.reverse()) {
      pending.push({ value: item, path: childPath, depth: depth + 1, badName: isUnstorableText(key) });
    }
  }
  return problems;
}
