// Which look a generated page takes, from what the brief is about: the same brief always gets the same look.
import { createHash } from 'node:crypto';
import { type PageLook, pageLooks } from './page-looks.js';

/** What the look is chosen from. */
export interface LookBrief {
  prompt: string;
  text: string | null;
  projectTitle: string;
}

const boundary = '[^\\p{L}\\p{N}]';
/** A subject word or phrase, whole, in the singular or plural. */
const patternOf = (phrase: string) =>
  new RegExp(
    `(?:^|${boundary})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?(?=$|${boundary})`,
    'iu',
  );

const matchers = pageLooks.map((look) => ({ look, patterns: look.suits.map(patternOf) }));
const generalLooks = pageLooks.filter((look) => !look.suits.length);

/**
 * The look whose subjects the brief names most (the title and prompt count double the caller's text); ties
 * go to the earlier look of the table. A brief that names none gets a general look picked by its hash.
 */
export function chooseLook(brief: LookBrief): PageLook {
  const about = `${brief.projectTitle}\n${brief.prompt}`;
  const text = brief.text ?? '';
  let best: PageLook | null = null;
  let bestScore = 0;
  for (const { look, patterns } of matchers) {
    const score = patterns.reduce(
      (sum, pattern) => sum + (pattern.test(about) ? 2 : 0) + (pattern.test(text) ? 1 : 0),
      0,
    );
    if (score > bestScore) [best, bestScore] = [look, score];
  }
  if (best) return best;
  const digest = createHash('sha256').update(about.trim().toLowerCase()).digest();
  return generalLooks[digest.readUInt32LE(0) % generalLooks.length];
}
