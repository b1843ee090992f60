import { describe, expect, it } from '@jest/globals';
import { type SnapshotSection } from '#folio/content';
import { sectionDigest } from './section-digest.js';

const section = (children: SnapshotSection['tree']['children']): SnapshotSection => ({
  key: 'digestSect1',
  title: 'Hero',
  type: 'hero',
  tree: { key: 'digestRoot1', type: 'frame', children },
  styles: {},
  interactions: [],
});

describe(sectionDigest.name, () => {
  it('puts headings first, reads text without markup, and cuts at a word', () => {
    const digest = sectionDigest(
      section([
        { key: 'eyebrow01', type: 'text', text: 'New &amp; improved' },
        { key: 'headline1', type: 'text', tag: 'h1', text: 'Coffee <em>roasted</em> this week' },
        {
          key: 'bodyText1',
          type: 'text',
          text: 'We buy directly from farms we know by name and roast every Tuesday.',
        },
      ]),
    );
    expect(digest).toBe('Coffee roasted this week · New & improved · We buy…');
    expect(digest.length).toBeLessThanOrEqual(56);
  });

  it('is empty for a section without text', () => {
    expect(
      sectionDigest(section([{ key: 'imageOnly1', type: 'image', src: 'https://x.example/a.png' }])),
    ).toBe('');
  });
});
