import { describe, expect, it } from '@jest/globals';
import { type Element, walkElements } from '#folio/content';
import { starterLibrary } from '#folio/seed';
import { type NewPageSection } from './generation.repository.js';
import { framedSections } from './page-frame.js';
import { linkNavigation } from './page-navigation.js';
import { materializeSection } from './section-materializer.js';

function section(title: string): NewPageSection {
  const design = starterLibrary.sections.find((candidate) => candidate.title.startsWith(title))!;
  return materializeSection(
    {
      id: design.key,
      key: design.key,
      title: design.title,
      role: design.role,
      tree: design.tree,
      styles: design.styles,
      interactions: design.interactions ?? [],
    },
    [],
    { imageStyle: null, preset: 'desktop' },
  );
}

const elements = (tree: Element) => [...walkElements(tree)];
const links = (tree: Element) => {
  const nav = elements(tree).find((element) => element.tag === 'nav')!;
  return elements(nav)
    .filter((element) => element.type === 'button')
    .map((element) => ({ text: element.text, href: element.href }));
};
const brandOf = (tree: Element) => elements(elements(tree).find((element) => element.name === 'Brand')!);

function setup() {
  const page = [
    section('Navbar — links'),
    section('Hero — split'),
    section('Features — alternating'),
    section('Pricing'),
    section('FAQ'),
    section('Call to action — dark'),
    section('Footer — centered'),
  ];
  const anchor = (type: string) => `#${page.find((s) => s.type === type)!.tree.key}`;
  return { page, anchor };
}

describe(linkNavigation.name, () => {
  it("points the navbar's and footer's links at the page's sections, named for them, surplus links gone", () => {
    const { page, anchor } = setup();
    linkNavigation(page, { projectTitle: 'Spoke & Chain', reused: new Set() });

    const expected = [
      { text: 'Features', href: anchor('features') },
      { text: 'Pricing', href: anchor('pricing') },
      { text: 'FAQ', href: anchor('faq') },
    ];
    expect(links(page[0].tree)).toEqual(expected);
    expect(links(page[6].tree)).toEqual(expected);
    const ids = new Set(page.map((s) => `#${s.tree.key}`));
    const navbarLinks = elements(page[0].tree).filter((element) => element.type === 'button');
    for (const link of navbarLinks) expect(ids).toContain(link.href);
    // One call to action beside the navigation, leading to the page's own.
    expect(navbarLinks.filter((link) => link.href === anchor('cta'))).toHaveLength(1);
    expect(navbarLinks).toHaveLength(expected.length + 1);
  });

  it("leaves icon links alone and takes a link-column footer's first column as its navigation", () => {
    const page = [
      section('Navbar — links'),
      section('Hero — split'),
      section('Pricing'),
      section('Footer — link'),
    ];
    const socialBefore = elements(page[3].tree).filter((element) => element.name?.startsWith('Social'));
    linkNavigation(page, { projectTitle: 'Spoke & Chain', reused: new Set() });

    const social = elements(page[3].tree).filter((element) => element.name?.startsWith('Social'));
    expect(social.map((element) => [element.text, element.href])).toEqual(
      socialBefore.map((element) => [element.text, element.href]),
    );
    const column = elements(page[3].tree).find((element) => element.name === 'Column 1')!;
    const columnLinks = elements(column).filter((element) => element.type === 'button');
    expect(columnLinks.map((link) => [link.text, link.href])).toEqual([['Pricing', `#${page[2].tree.key}`]]);
  });

  it("names a new navbar and footer after the project, without the library's logo", () => {
    const { page } = setup();
    linkNavigation(page, { projectTitle: 'Spoke & Chain', reused: new Set() });
    for (const frame of [page[0], page[6]]) {
      expect(brandOf(frame.tree).find((element) => element.type === 'text')?.text).toBe('Spoke &amp; Chain');
      expect(brandOf(frame.tree).filter((element) => element.type === 'image')).toEqual([]);
    }
  });
});

describe(framedSections.name, () => {
  it("puts the project's navbar and footer around a new page, links pointing at that page", () => {
    const { page: home } = setup();
    linkNavigation(home, { projectTitle: 'Spoke & Chain', reused: new Set() });
    const planned = [
      section('Navbar — floating'),
      section('Hero — centered'),
      section('Team'),
      section('Footer — link'),
    ];

    const { sections, reused } = framedSections(planned, { navbar: home[0], footer: home[6] });
    linkNavigation(sections, { projectTitle: 'Renamed since', reused });

    expect(sections.map((s) => s.title)).toEqual([
      home[0].title,
      planned[1].title,
      planned[2].title,
      home[6].title,
    ]);
    expect(links(sections[0].tree)).toEqual([{ text: 'Team', href: `#${sections[2].tree.key}` }]);
    expect(brandOf(sections[0].tree).find((element) => element.type === 'text')?.text).toBe(
      'Spoke &amp; Chain',
    );
    const homeKeys = new Set(elements(home[0].tree).map((element) => element.key));
    expect(elements(sections[0].tree).some((element) => homeKeys.has(element.key))).toBe(false);
  });
});
