import { describe, expect, it } from '@jest/globals';
import { defaultTheme, type Element, type ProjectSnapshot, type SnapshotPage } from '#folio/content';
import { designSummary, fitPages, jsonTextBytes, readablePage, type ReadablePage } from './readable-text.js';

let made = 0;
const key = () => `elemKey${++made}`;

function page(title: string, path: string, sections: [string, Element[]][]): SnapshotPage {
  return {
    key: `page${title.replace(/\W/g, '')}1`,
    title,
    description: '',
    path,
    isHome: path === '',
    pinnedIds: [],
    sections: sections.map(([sectionTitle, children]) => ({
      key: key(),
      title: sectionTitle,
      type: 'content',
      tree: { key: key(), type: 'frame', tag: 'section', children },
      styles: {},
      interactions: [],
    })),
  };
}

const snapshotOf = (pages: SnapshotPage[]) =>
  ({
    project: { key: 'prBook1', title: 'Book', theme: defaultTheme },
    pages,
    pinnedValues: {},
  }) as unknown as ProjectSnapshot;

describe('readable text', () => {
  it('reads headings by tag or text style, copy without markup, a button as one label, links and alt texts', () => {
    const home = page('Home', '', [
      [
        'Hero',
        [
          { key: key(), type: 'text', textStyle: 'display', text: 'Fresh &amp; local' },
          { key: key(), type: 'text', tag: 'h3', text: 'Since 1999' },
          {
            key: key(),
            type: 'frame',
            children: [{ key: key(), type: 'text', text: 'Coffee <em>roasted</em>\n this week' }],
          },
          {
            key: key(),
            type: 'button',
            children: [
              { key: key(), type: 'icon', src: 'arrow-right' },
              { key: key(), type: 'text', text: 'Order now' },
            ],
          },
          { key: key(), type: 'text', href: 'https://example.com/menu', text: 'Menu' },
          { key: key(), type: 'button', href: '/visit', text: 'Book' },
          { key: key(), type: 'text', href: '#topAnchor1', text: 'Top' },
          { key: key(), type: 'image', src: 'https://example.com/a.jpg', alt: '  A cup\nof coffee ' },
          { key: key(), type: 'image', src: 'https://example.com/b.jpg' },
        ],
      ],
    ]);
    expect(readablePage(snapshotOf([home]), home)).toEqual({
      pageKey: home.key,
      header: '=== Page: Home (/) ===',
      sections: [
        [
          '--- Section: Hero ---',
          '# Fresh & local',
          '### Since 1999',
          'Coffee roasted this week',
          '[Button: Order now]',
          '[Link: Menu → https://example.com/menu]',
          '[Button: Book → /visit]',
          '[Link: Top]',
          '[Image: A cup of coffee]',
        ].join('\n'),
      ],
    });
  });

  it('names a section that reads as one on an earlier page instead of repeating it', () => {
    const footer = (): [string, Element[]] => ['Footer', [{ key: key(), type: 'text', text: '© Book' }]];
    const pages = [page('Home', '', [footer()]), page('About', 'about', [footer()])];
    const seen = new Map<string, string>();
    const [, about] = pages.map((p) => readablePage(snapshotOf(pages), p, seen));
    expect(about.sections).toEqual(['--- Section: Footer (as on page "Home") ---']);
  });

  it('sums up the design in one line, the main colours first', () => {
    const line = designSummary(defaultTheme);
    expect(line).toMatch(
      /^Design: colours primary #\w+, secondary #\w+, accent #\w+, background #\w+, text #\w+, /,
    );
    expect(line).toMatch(/; fonts Inter\.$/);
    expect(line).not.toContain('\n');
  });

  describe(fitPages.name, () => {
    const pages: ReadablePage[] = [1, 2, 3].map((n) => ({
      pageKey: `page${n}`,
      header: `=== Page: ${n} ===`,
      sections: [`--- Section: A ---\n${'a'.repeat(100)}`, `--- Section: B ---\n${'b "quoted" '.repeat(10)}`],
    }));
    const whole = (count: number) =>
      pages
        .slice(0, count)
        .map((p) => [p.header, ...p.sections].join('\n\n'))
        .join('\n\n');

    it('keeps every page when they fit, and only whole pages when they do not', () => {
      const all = whole(3);
      expect(fitPages(pages, jsonTextBytes(all))).toEqual({ text: all, wholePages: 3, truncated: false });
      expect(fitPages(pages, jsonTextBytes(all) - 1)).toEqual({
        text: whole(2),
        wholePages: 2,
        truncated: true,
      });
    });

    it('counts bytes as JSON writes them (escapes included)', () => {
      expect(jsonTextBytes('a"b\n')).toBe(6);
      expect(jsonTextBytes('é')).toBe(2);
    });

    it('cuts the first page at a section, and its first section at a word, when not even that fits', () => {
      const firstSection = `${pages[0].header}\n\n${pages[0].sections[0]}`;
      expect(fitPages(pages, jsonTextBytes(firstSection) + 10)).toEqual({
        text: firstSection,
        wholePages: 0,
        truncated: true,
      });
      const cut = fitPages([{ ...pages[0], sections: [`--- Section: C ---\n${'word '.repeat(50)}`] }], 60);
      expect(cut.truncated).toBe(true);
      expect(jsonTextBytes(cut.text)).toBeLessThanOrEqual(60);
      expect(cut.text).toMatch(/^=== Page: 1 ===\n\n--- Section: C ---\n(word )*word$/);
    });
  });
});
