// bench:ai-quality's figures per brief and in total, against issues 22's and 36's budgets. A brief whose call
// failed has no figure, and then no total is measured (summaryTable in bench/lib/measurement.ts).
import { type Check, type Measurement, percentile } from '../lib/measurement.js';
import { type Brief } from './briefs.js';
import { type CapturedPage } from './page-capture.js';
import {
  distinctPalettes,
  factsFound,
  keyColors,
  type Palette,
  placeholderTexts,
  repeatedSentences,
  repeatedWords,
  sharedMotifs,
  truncatedTexts,
} from './page-metrics.js';

export const budgets = {
  factsShare: 0.95,
  placeholders: 0,
  repeatedWords: 0,
  emptyFrames: 0,
  truncations: 0,
  repeated: 0,
  sharedMotifs: 0,
  palettes: 6,
  p50Ms: 500,
};

export interface PageQuality {
  sections: number;
  facts: { found: string[]; missing: string[] };
  placeholders: string[];
  repeatedWords: string[];
  emptyFrames: string[];
  truncated: string[];
  repeated: string[];
  palette: Palette;
  motifs: Record<string, number>;
}

export interface BriefRun {
  brief: Brief;
  /** The brief's create_project calls, with their failures. */
  calls: Measurement;
  /** Null when a call failed: such a brief has no figure. */
  quality: PageQuality | null;
}

/** The measures of a brief's page (page-metrics.ts); texts CSS cuts count as truncated too. */
export function pageQuality(brief: Brief, page: CapturedPage, sections: number): PageQuality {
  const source = `${brief.prompt}\n${brief.text ?? ''}`;
  return {
    sections,
    facts: factsFound(brief.facts, page.texts),
    placeholders: placeholderTexts(page.shown),
    repeatedWords: repeatedWords(page.shown, source),
    emptyFrames: page.emptyFrames,
    truncated: [...new Set([...truncatedTexts(page.texts, source), ...page.clipped])],
    repeated: repeatedSentences(page.texts),
    palette: page.palette,
    motifs: page.motifs,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const hex = (rgb: readonly number[] | undefined) =>
  rgb ? `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}` : '-';

/** "vase 8, plant 1": the motifs of a page's generated pictures, the most used first. */
const motifList = (motifs: Record<string, number>) =>
  Object.entries(motifs)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([motif, count]) => `${motif} ${count}`)
    .join(', ') || '-';

/** One row per brief: its figures, or FAILED with what went wrong. */
export function briefTable(runs: BriefRun[]): string[][] {
  const header = ['brief', 'sections', 'facts placed', 'placeholders', 'rep. words', 'empty frames'];
  const rows = [
    [...header, 'truncated', 'rep. sentences', 'motifs', `palette (${keyColors.join(' ')})`, 'p50', 'max'],
  ];
  for (const { brief, calls, quality } of runs) {
    if (!quality) {
      const errors = Object.values(calls.failures.examples).join('; ');
      rows.push([brief.name, `FAILED: ${errors}`, ...Array<string>(rows[0].length - 2).fill('')]);
      continue;
    }
    const { found, missing } = quality.facts;
    const facts = found.length + missing.length;
    rows.push([
      brief.name,
      String(quality.sections),
      `${found.length}/${facts} ${percent(found.length / facts)}`,
      String(quality.placeholders.length),
      String(quality.repeatedWords.length),
      String(quality.emptyFrames.length),
      String(quality.truncated.length),
      String(quality.repeated.length),
      motifList(quality.motifs),
      keyColors.map((token) => hex(quality.palette[token])).join(' '),
      ms(percentile(calls.latencies, 50)),
      ms(calls.latencies.at(-1)!),
    ]);
  }
  return rows;
}

/**
 * What each page got wrong, one line per brief with findings, for a person to read next to its screenshot;
 * then one line per motif that pictures of several briefs share.
 */
export function findings(runs: BriefRun[]): string[] {
  const quoted = (texts: string[]) => texts.map((text) => JSON.stringify(text)).join(', ');
  const measured = runs.flatMap(({ brief, quality }) => (quality ? [{ brief: brief.name, ...quality }] : []));
  const shared = [...sharedMotifs(measured)].map(([motif, briefs]) => `motif ${motif}: ${briefs.join(', ')}`);
  const pages = runs.flatMap(({ brief, quality }) => {
    if (!quality) return [];
    const found = [
      quality.facts.missing.length ? `missing facts: ${quoted(quality.facts.missing)}` : '',
      quality.placeholders.length ? `placeholders: ${quoted(quality.placeholders)}` : '',
      quality.repeatedWords.length ? `repeated words: ${quoted(quality.repeatedWords)}` : '',
      quality.emptyFrames.length ? `empty frames: ${quoted(quality.emptyFrames)}` : '',
      quality.truncated.length ? `truncated: ${quoted(quality.truncated)}` : '',
      quality.repeated.length ? `repeated: ${quoted(quality.repeated)}` : '',
    ].filter(Boolean);
    return found.length ? [`${brief.name}: ${found.join('; ')}`] : [];
  });
  return [...pages, ...shared];
}

/** The totals over all briefs, each against its budget; asked only when every brief was measured. */
export function totals(runs: BriefRun[]): Check[] {
  const all = runs.map((run) => run.calls);
  const pages = () => runs.map((run) => ({ brief: run.brief.name, ...run.quality! }));
  const sum = (count: (page: PageQuality) => number) =>
    pages().reduce((total, page) => total + count(page), 0);
  const atMost = (name: string, count: (page: PageQuality) => number, budget: number): Check => ({
    name,
    runs: all,
    limit: String(budget),
    read: () => ({ shown: String(sum(count)), holds: sum(count) <= budget }),
  });
  return [
    {
      name: 'facts placed',
      runs: all,
      limit: `≥ ${percent(budgets.factsShare)}`,
      read: () => {
        const found = sum((page) => page.facts.found.length);
        const facts = found + sum((page) => page.facts.missing.length);
        return {
          shown: `${percent(found / facts)} (${found} of ${facts})`,
          holds: found / facts >= budgets.factsShare,
        };
      },
    },
    atMost('placeholders', (page) => page.placeholders.length, budgets.placeholders),
    atMost('repeated words', (page) => page.repeatedWords.length, budgets.repeatedWords),
    atMost('empty picture frames', (page) => page.emptyFrames.length, budgets.emptyFrames),
    atMost('truncated texts', (page) => page.truncated.length, budgets.truncations),
    atMost('repeated sentences', (page) => page.repeated.length, budgets.repeated),
    {
      name: 'motifs shared by subjects',
      runs: all,
      limit: String(budgets.sharedMotifs),
      read: () => {
        const shared = sharedMotifs(pages());
        return { shown: `${shared.size} of ${runs.length}`, holds: shared.size <= budgets.sharedMotifs };
      },
    },
    {
      name: 'distinct palettes',
      runs: all,
      limit: `≥ ${budgets.palettes} over ${runs.length} briefs`,
      read: () => {
        const count = distinctPalettes(pages().map((page) => page.palette));
        return { shown: `${count} of ${runs.length}`, holds: count >= budgets.palettes };
      },
    },
    {
      name: 'time per page',
      runs: all,
      limit: `p50 ≤ ${budgets.p50Ms} ms`,
      read: () => {
        const times = all.flatMap((run) => run.latencies).sort((a, b) => a - b);
        const p50 = percentile(times, 50);
        return {
          shown: `p50 ${ms(p50)}   p90 ${ms(percentile(times, 90))}   (${times.length} calls)`,
          holds: p50 <= budgets.p50Ms,
        };
      },
    },
  ];
}
