// How well each candidate section matches the request's words (BM25 over the section's names and copy).
import { wordsOf } from '#folio/libraries';
import MiniSearch from 'minisearch';
import { type CompositionInput } from '../composition.js';
import { singular } from './copy-text.js';

/** Enough of the caller's text to find its topics; BM25 gains little from more. */
const maxQueryText = 2_000;

/** Each candidate's relevance to the prompt and text, from 0 (no shared word) to 1 (the best match). */
export function rankSections(
  input: Pick<CompositionInput, 'prompt' | 'text' | 'candidates'>,
): Map<string, number> {
  const index = new MiniSearch<{ id: string }>({
    fields: ['title', 'role', 'keywords', 'names', 'copy'],
    tokenize: (text) => wordsOf(text),
    processTerm: (term) => (term.length > 2 ? singular(term) : null),
  });
  index.addAll(
    input.candidates.map((candidate) => ({
      id: candidate.key,
      title: candidate.title,
      role: candidate.role,
      keywords: candidate.keywords.join(' '),
      names: candidate.slots.map((slot) => slot.name).join(' '),
      copy: candidate.slots.map((slot) => slot.current).join(' '),
    })),
  );
  const query = `${input.prompt} ${(input.text ?? '').slice(0, maxQueryText)}`;
  const results = index.search(query, {
    boost: { title: 3, role: 3, keywords: 2, names: 1, copy: 0.5 },
    prefix: (term) => term.length > 4,
    combineWith: 'OR',
  });
  const best = results[0]?.score ?? 0;
  return new Map(results.map((result) => [String(result.id), best > 0 ? result.score / best : 0]));
}
