import { describe, expect, it } from '@jest/globals';
import { type Brief } from '../../bench/ai-quality/briefs.js';
import { type CapturedPage } from '../../bench/ai-quality/page-capture.js';
import { briefTable, type BriefRun, findings, pageQuality, totals } from '../../bench/ai-quality/report.js';
import { type Measurement, summaryTable } from '../../bench/lib/measurement.js';

// bench:ai-quality's report (issues 22 §5 and 36): a brief whose call failed shows its error and no figure,
// and then no total is measured; measured briefs are judged against the issues' budgets.

const brief = (name: string, facts: string[]): Brief => ({
  name,
  title: name,
  prompt: `A page for ${name}`,
  text: facts.join('\n'),
  facts,
});

const calls = (name: string, latencies: number[], failed?: string): Measurement => ({
  name,
  seconds: latencies.reduce((sum, ms) => sum + ms, 0) / 1000,
  latencies,
  failures: {
    noAnswer: 0,
    byStatus: {},
    unexpectedBodies: failed ? 1 : 0,
    examples: failed ? { 'failed call': failed } : {},
  },
});

const white = [255, 255, 255] as const;

/** A page of one section showing `texts`, none of them a link. */
const captured = (texts: string[], page: Omit<CapturedPage, 'texts' | 'shown'>): CapturedPage => ({
  texts,
  shown: texts.map((text) => ({ text, section: 'main', control: false })),
  ...page,
});

/**
 * A climbing gym's page showing two of its three facts, one of them twice, a cut heading, a price left to
 * ask for, a word said twice, an empty picture, and the hills the florist's page has too.
 */
function climbingGym(): BriefRun {
  const gym = brief('climbing gym', ['Gritstone Climbing', '£12 per session', 'Open daily 7am to 10pm']);
  const texts = [
    'Gritstone Climbing',
    'Climb after work…',
    '£12',
    'per session',
    'Chalk and shoes are always included. Chalk and shoes are always included.',
    'Ask us',
    'Sheffield',
    'Sheffield',
  ];
  const palette = { primary: [194, 94, 58] as const, background: white };
  return {
    brief: gym,
    calls: calls(gym.name, [300, 400, 900]),
    quality: pageQuality(
      gym,
      captured(texts, {
        clipped: ['Routes for every'],
        emptyFrames: ['Our walls'],
        palette,
        motifs: { mountain: 4, landscape: 1 },
      }),
      6,
    ),
  };
}

function florist(): BriefRun {
  const shop = brief('florist', ['Petal & Stem', '01632 960 555']);
  const palette = { primary: [79, 70, 229] as const, background: white };
  const texts = ['Petal & Stem', 'Call 01632 960 555'];
  return {
    brief: shop,
    calls: calls(shop.name, [200, 250, 260]),
    quality: pageQuality(
      shop,
      captured(texts, { clipped: [], emptyFrames: [], palette, motifs: { flower: 3, landscape: 2 } }),
      5,
    ),
  };
}

describe('briefTable and totals', () => {
  it("show a failed brief's error and no figure for it, and measure no total", () => {
    const failed: BriefRun = {
      brief: brief('plumber', ['Flowright Plumbing']),
      calls: calls('plumber', [], 'create_project did not generate the page: {"isError":true}'),
      quality: null,
    };

    const rows = briefTable([florist(), failed]);
    expect(rows[2]).toEqual([
      'plumber',
      'FAILED: create_project did not generate the page: {"isError":true}',
      ...Array(10).fill(''),
    ]);
    const summary = summaryTable(totals([florist(), failed]));
    expect(summary.unmeasured).toBe(9);
    expect(summary.rows.slice(1).map((row) => row[1])).toEqual(Array(9).fill('NOT MEASURED: 1 failures'));
    expect(summary.rows.slice(1).map((row) => row[3])).toEqual(Array(9).fill(''));
  });

  it('show per brief the facts placed, placeholders, repeats, empty frames, truncations, motifs, palette and times, and judge the totals', () => {
    const runs = [climbingGym(), florist()];

    expect(briefTable(runs).slice(1)).toEqual([
      [
        'climbing gym',
        '6',
        '2/3 66.7 %',
        '1',
        '1',
        '1',
        '2',
        '1',
        'mountain 4, landscape 1',
        '#c25e3a - - #ffffff -',
        '400 ms',
        '900 ms',
      ],
      [
        'florist',
        '5',
        '2/2 100.0 %',
        '0',
        '0',
        '0',
        '0',
        '0',
        'flower 3, landscape 2',
        '#4f46e5 - - #ffffff -',
        '250 ms',
        '260 ms',
      ],
    ]);
    expect(findings(runs)).toEqual([
      'climbing gym: missing facts: "Open daily 7am to 10pm"; placeholders: "Ask us"; repeated words: "Sheffield ×2"; empty frames: "Our walls"; truncated: "Climb after work…", "Routes for every"; repeated: "Chalk and shoes are always included."',
      'motif landscape: climbing gym, florist',
    ]);
    const summary = summaryTable(totals(runs));
    expect(summary.unmeasured).toBe(0);
    expect(summary.rows.slice(1)).toEqual([
      ['facts placed', '80.0 % (4 of 5)', '≥ 95.0 %', 'MISS'],
      ['placeholders', '1', '0', 'MISS'],
      ['repeated words', '1', '0', 'MISS'],
      ['empty picture frames', '1', '0', 'MISS'],
      ['truncated texts', '2', '0', 'MISS'],
      ['repeated sentences', '1', '0', 'MISS'],
      ['motifs shared by subjects', '1 of 2', '0', 'MISS'],
      ['distinct palettes', '2 of 2', '≥ 6 over 2 briefs', 'MISS'],
      ['time per page', 'p50 260 ms   p90 900 ms   (6 calls)', 'p50 ≤ 500 ms', 'PASS'],
    ]);
  });
});
