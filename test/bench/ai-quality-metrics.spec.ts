import { describe, expect, it } from '@jest/globals';
import { briefs, promptBriefs, textBriefs } from '../../bench/ai-quality/briefs.js';
import { type ShownText } from '../../bench/ai-quality/page-capture.js';
import {
  blankFrames,
  distinctPalettes,
  factsFound,
  type Palette,
  placeholderTexts,
  repeatedSentences,
  repeatedWords,
  type Screenshot,
  sharedMotifs,
  truncatedTexts,
} from '../../bench/ai-quality/page-metrics.js';

// bench:ai-quality's measures (issues 22 §5 and 36), on page texts and screenshots made here: what counts as
// a placed fact, a placeholder, a repeated word, a truncated text, a repeated sentence, a blank picture
// frame, a distinct palette and a shared motif.

/** Texts of the section `section`; those starting with "→" are links. */
const inSection = (section: string, ...texts: string[]): ShownText[] =>
  texts.map((text) => ({ text: text.replace(/^→ /, ''), section, control: text.startsWith('→ ') }));

describe('factsFound', () => {
  it('finds a fact written verbatim, whatever the line breaks and spaces between the elements it spans', () => {
    const texts = ['Visit us at 12 Harbour Row,', 'Whitby', 'Call  01947 600 123', '$29', '/month'];

    expect(factsFound(['12 Harbour Row, Whitby', '01947 600 123', '$29/month'], texts)).toEqual({
      found: ['12 Harbour Row, Whitby', '01947 600 123', '$29/month'],
      missing: [],
    });
  });

  it('finds a fact whose first letter is capitalised where it opens a text, and only there', () => {
    const texts = ['Monthly unlimited', '£85', 'Join our Drop-in classes'];

    expect(factsFound(['monthly unlimited', 'drop-in classes'], texts)).toEqual({
      found: ['monthly unlimited'],
      missing: ['drop-in classes'],
    });
  });

  it('misses a fact shown in other letters, cut short or changed', () => {
    const texts = ['12 HARBOUR ROW', 'Open Monday to Fri…', 'Call 01947 600 124'];

    expect(factsFound(['12 Harbour Row', 'Monday to Friday', '01947 600 123'], texts)).toEqual({
      found: [],
      missing: ['12 Harbour Row', 'Monday to Friday', '01947 600 123'],
    });
  });
});

describe('truncatedTexts', () => {
  const source =
    'A page for Gritstone Climbing. Bouldering walls for beginners. Note about shoes: bring your own.';

  it('flags texts ending in an ellipsis, in one character or three', () => {
    expect(truncatedTexts(['What we…', 'Pricing...', 'Climb with us'], source)).toEqual([
      'What we…',
      'Pricing...',
    ]);
  });

  it("flags a text that stops inside one of the caller's words", () => {
    expect(truncatedTexts(['Bouldering walls for beg', 'Bouldering walls for beginners'], source)).toEqual([
      'Bouldering walls for beg',
    ]);
  });

  it('flags a text that stops on a word no phrase ends with, and leaves whole phrases alone', () => {
    const texts = ['Note about', 'Routes for all of', 'Who we are', 'Sign up', 'or', 'Opening hours:'];

    expect(truncatedTexts(texts, source)).toEqual(['Note about', 'Routes for all of']);
  });
});

describe('repeatedSentences', () => {
  it('names each sentence of five words or more said twice on a page, once, whatever its case or end', () => {
    const texts = [
      'Ropes and chalk are included. Every route is reset weekly.',
      'Every route is reset weekly!',
      'Ropes and chalk are included',
      'every ROUTE is reset weekly.',
    ];

    expect(repeatedSentences(texts)).toEqual([
      'Ropes and chalk are included.',
      'Every route is reset weekly.',
    ]);
  });

  it('leaves short labels a page repeats (buttons, nav links) alone', () => {
    expect(repeatedSentences(['Book a session', 'Pricing', 'Book a session', 'Pricing'])).toEqual([]);
  });
});

describe('placeholderTexts', () => {
  it('names the texts that stand in for a price, a figure or a name, whatever their case', () => {
    const shown = inSection(
      'pricing',
      'Essential',
      'Ask us',
      'for a quote',
      'You',
      'TBD',
      '$XX',
      'Lorem ipsum dolor sit amet.',
      'Call [Your phone number]',
      'Coming soon!',
    );

    expect(placeholderTexts(shown)).toEqual([
      'Ask us',
      'You',
      'TBD',
      '$XX',
      'Lorem ipsum dolor sit amet.',
      'Call [Your phone number]',
      'Coming soon!',
    ]);
  });

  it('leaves links and buttons that ask, and sentences that mention asking, alone', () => {
    const shown = inSection(
      'faq',
      '→ Ask us →',
      '→ Ask us',
      'Ask us about gluten-free loaves.',
      'Your order',
    );

    expect(placeholderTexts(shown)).toEqual([]);
  });
});

describe('repeatedWords', () => {
  const prompt =
    'A pottery studio in Bristol. Taster £35 per session, membership £60 per session. Kiln hire £40/month, shelf £10/month.';

  it('names a short text one section shows more often than the caller wrote it, with how often', () => {
    const shown = [
      ...inSection('stats', 'Bristol', 'Where you find us', 'Bristol', 'You'),
      ...inSection('features', 'Friendly advice', 'Made with care', 'Friendly advice', 'Friendly advice'),
    ];

    expect(repeatedWords(shown, prompt)).toEqual(['Bristol ×2', 'Friendly advice ×3']);
  });

  it('leaves alone what the caller wrote as often, texts in different sections, links, labels and sentences', () => {
    const shown = [
      ...inSection('pricing', '£35', 'per session', '£60', 'per session.', 'Includes:', 'Includes:'),
      ...inSection('plans', '/month', '/month'),
      ...inSection('hero', 'Bristol', '→ Learn more', '→ Learn more'),
      ...inSection('contact', 'Bristol', 'We love clay. We love Bristol.', 'We love clay. We love Bristol.'),
    ];

    expect(repeatedWords(shown, prompt)).toEqual([]);
  });
});

describe('sharedMotifs', () => {
  it('names each motif drawn for two briefs or more, with the briefs', () => {
    const pages: { brief: string; motifs: Record<string, number> }[] = [
      { brief: 'law firm', motifs: { building: 6 } },
      { brief: 'pottery studio', motifs: { building: 5, vase: 1 } },
      { brief: 'bakery', motifs: { loaves: 7 } },
    ];

    expect(sharedMotifs(pages)).toEqual(new Map([['building', ['law firm', 'pottery studio']]]));
    expect(sharedMotifs(pages.slice(2))).toEqual(new Map());
  });
});

describe('distinctPalettes', () => {
  const indigo: Palette = {
    primary: [79, 70, 229],
    secondary: [14, 165, 233],
    accent: [245, 158, 11],
    background: [255, 255, 255],
    inverse: [11, 16, 32],
    border: [227, 230, 238],
  };

  it('counts palettes whose key colours are all within ΔE76 8 (the same colour side by side) as one', () => {
    const nearlyIndigo = { ...indigo, primary: [82, 72, 226] as const, border: [200, 30, 30] as const };

    expect(distinctPalettes([indigo, nearlyIndigo, { ...indigo }])).toBe(1);
  });

  it('counts a palette with another primary, background or hero colour as another palette', () => {
    const terracotta = { ...indigo, primary: [194, 94, 58] as const };
    const cream = { ...indigo, background: [245, 236, 220] as const };
    const forest = { ...indigo, inverse: [20, 60, 40] as const };

    expect(distinctPalettes([indigo, terracotta, cream, forest, { ...terracotta }])).toBe(4);
  });

  it('counts a palette that lacks a key colour the other has as another palette', () => {
    const { accent: _, ...withoutAccent } = indigo;

    expect(distinctPalettes([indigo, withoutAccent])).toBe(2);
  });
});

describe('blankFrames', () => {
  const cream = [255, 253, 247];
  /** A cream page 200 × 120 pixels wide, painted by `paint` (x, y) → RGB where it returns a colour. */
  const screenshot = (paint: (x: number, y: number) => number[] | null): Screenshot => {
    const shot = { width: 200, height: 120, data: new Uint8Array(200 * 120 * 4) };
    for (let y = 0; y < shot.height; y++) {
      for (let x = 0; x < shot.width; x++)
        shot.data.set([...(paint(x, y) ?? cream), 255], (y * shot.width + x) * 4);
    }
    return shot;
  };
  const inside = (x: number, y: number, frame: { x: number; y: number; width: number; height: number }) =>
    x >= frame.x && x < frame.x + frame.width && y >= frame.y && y < frame.y + frame.height;
  const picture = { name: 'Kiln at work', x: 10, y: 10, width: 80, height: 60 };
  const undrawn = { name: 'Our studio', x: 100, y: 10, width: 80, height: 60 };
  const grey = { name: 'Waiting for its picture', x: 10, y: 80, width: 60, height: 40 };

  it('names the frames the screenshot shows as one flat colour: the page through a picture not drawn, a placeholder', () => {
    const shot = screenshot((x, y) => {
      if (inside(x, y, picture)) return [x * 2, 100 + y, 180 - x];
      // The frame's own border and shadow are drawn around a picture that is not.
      if (inside(x, y, undrawn) && (x < 102 || y < 12 || x > 177 || y > 67)) return [200, 200, 200];
      if (inside(x, y, grey)) return [229, 231, 235];
      return null;
    });

    expect(blankFrames(shot, [picture, undrawn, grey])).toEqual(['Our studio', 'Waiting for its picture']);
  });

  it('reads a frame reaching past the screenshot by its part inside', () => {
    const below = { ...picture, name: 'Below the fold', y: 90 };
    const shot = screenshot((x, y) => (inside(x, y, below) ? [x, y * 2, 90] : null));

    expect(blankFrames(shot, [below])).toEqual([]);
    expect(
      blankFrames(
        screenshot(() => null),
        [below],
      ),
    ).toEqual(['Below the fold']);
  });
});

describe("bench:ai-quality's briefs", () => {
  it('are 12 with a text and at least 8 as one prompt, on as many subjects, each fact written in its prompt or text as the page must show it', () => {
    expect(textBriefs.length).toBeGreaterThanOrEqual(12);
    expect(textBriefs.every((brief) => brief.text)).toBe(true);
    expect(promptBriefs.length).toBeGreaterThanOrEqual(8);
    expect(promptBriefs.every((brief) => brief.text === undefined)).toBe(true);
    expect(new Set(briefs.map((brief) => brief.name)).size).toBe(briefs.length);
    for (const brief of briefs) {
      expect(brief.facts.length).toBeGreaterThanOrEqual(8);
      const unwritten = brief.facts.filter((fact) => !`${brief.prompt}\n${brief.text ?? ''}`.includes(fact));
      expect({ brief: brief.name, unwritten }).toEqual({ brief: brief.name, unwritten: [] });
    }
  });
});
