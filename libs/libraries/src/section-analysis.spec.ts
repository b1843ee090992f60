import { describe, expect, it } from '@jest/globals';
import { type Element, plainText, walkElements } from '#folio/content';
import { starterLibrary, teamLibrary } from '#folio/seed';
import { analyzeLibrarySection, maxKeywords } from './section-analysis.js';

const seeded = [...starterLibrary.sections, ...teamLibrary.sections];

/** Elements the generator can fill: text, images, icons, and buttons with a label. */
function fillable(tree: Element): Element[] {
  return [...walkElements(tree)].filter(
    (e) => e.type === 'text' || e.type === 'image' || e.type === 'icon' || (e.type === 'button' && !!e.text),
  );
}

function section(tree: Element, title = 'Untitled') {
  return { title, tree, styles: {} };
}

describe(analyzeLibrarySection.name, () => {
  it('finds the declared role of every starter and team library section', () => {
    for (const s of seeded) {
      expect({ title: s.title, role: analyzeLibrarySection(s).role }).toEqual({
        title: s.title,
        role: s.role,
      });
    }
  });

  it('finds the role of every starter section from its structure alone, with a neutral title and root name', () => {
    for (const s of starterLibrary.sections) {
      const anonymous = { ...s, title: 'Untitled', tree: { ...s.tree, name: 'Section' } };
      expect({ title: s.title, role: analyzeLibrarySection(anonymous).role }).toEqual({
        title: s.title,
        role: s.role,
      });
    }
  });

  it('reads prices as pricing, questions as an FAQ, and a section with nothing telling as content', () => {
    const cards = (texts: string[]): Element => ({
      key: 'root01',
      type: 'frame',
      children: texts.map((text, i) => ({ key: `text0${i}`, type: 'text', text })),
    });
    expect(analyzeLibrarySection(section(cards(['Basic', '$9 / month', 'Team', '$49 / month']))).role).toBe(
      'pricing',
    );
    expect(
      analyzeLibrarySection(section(cards(['Is it free?', 'Yes.', 'Can I cancel?', 'Any time.', 'Why?'])))
        .role,
    ).toBe('faq');
    expect(analyzeLibrarySection(section(cards(['Hello there', 'Some words']))).role).toBe('content');
  });

  it('has one slot per text, image, icon and labelled button, in tree order', () => {
    for (const s of seeded) {
      const expected = fillable(s.tree).map((e) => ({
        elementKey: e.key,
        kind: e.type === 'button' ? 'text' : e.type,
      }));
      const slots = analyzeLibrarySection(s).slots.map(({ elementKey, kind }) => ({ elementKey, kind }));
      expect({ title: s.title, slots }).toEqual({ title: s.title, slots: expected });
    }
  });

  it('gives text slots a character budget at least as long as the current text, and media slots one item', () => {
    for (const s of seeded) {
      const byKey = new Map([...walkElements(s.tree)].map((e) => [e.key, e]));
      for (const slot of analyzeLibrarySection(s).slots) {
        if (slot.kind === 'text') {
          expect(slot.capacity).toBeGreaterThanOrEqual(plainText(byKey.get(slot.elementKey)!.text).length);
        } else {
          expect(slot.capacity).toBe(1);
        }
      }
    }
    const long =
      'A sentence of some length that a replacement should be allowed to match or exceed a little.';
    const [slot] = analyzeLibrarySection(
      section({ key: 'root01', type: 'frame', children: [{ key: 'text01', type: 'text', text: long }] }),
    ).slots;
    expect(slot.capacity).toBeGreaterThan(long.length);
  });

  it('leaves out elements hidden at every breakpoint', () => {
    const tree: Element = {
      key: 'root01',
      type: 'frame',
      children: [
        { key: 'shown1', type: 'text', text: 'Shown' },
        { key: 'mobile1', type: 'icon', src: 'menu' },
        { key: 'hidden1', type: 'frame', children: [{ key: 'inner1', type: 'text', text: 'Never shown' }] },
      ],
    };
    const styles = {
      desktop: { mobile1: { display: 'none' }, hidden1: { display: 'none' } },
      mobile: { mobile1: { display: 'inline-flex' } },
    };
    const { slots } = analyzeLibrarySection({ title: 'Untitled', tree, styles });
    expect(slots.map((slot) => slot.elementKey)).toEqual(['shown1', 'mobile1']);
  });

  it('takes lower-case keywords from the title and the text, without stop words', () => {
    for (const s of seeded) {
      const { keywords } = analyzeLibrarySection(s);
      expect(keywords.length).toBeGreaterThan(3);
      expect(keywords.length).toBeLessThanOrEqual(maxKeywords);
      expect(new Set(keywords).size).toBe(keywords.length);
      for (const keyword of keywords) expect(keyword).toMatch(/^\p{Ll}[\p{Ll}\p{N}]+$/u);
      expect(keywords).not.toEqual(expect.arrayContaining(['the']));
      expect(keywords).not.toEqual(expect.arrayContaining(['and']));
      expect(keywords).not.toEqual(expect.arrayContaining(['with']));
    }
    const tiers = starterLibrary.sections.find((s) => s.title === 'Pricing — three tiers')!;
    expect(analyzeLibrarySection(tiers).keywords).toEqual(
      expect.arrayContaining(['pricing', 'tiers', 'starter', 'unlimited']),
    );
  });
});
