import { describe, expect, it } from '@jest/globals';
import { type ExistingPage, planTemplatePages, type TemplateSectionWrite } from './template-project-plan.js';
import { type BuiltSection } from './template-section.js';

/** A stand-in for the template's section builder: the section's type and values, under its key. */
function build(key: string, section: TemplateSectionWrite): BuiltSection {
  return {
    title: section.type,
    tree: { key, tag: 'section', children: [] } as unknown as BuiltSection['tree'],
    styles: {} as BuiltSection['styles'],
    interactions: [],
    model: { template: { _type: section.type, values: section.values } },
  };
}

const page = (index: number, fields: Partial<Parameters<typeof planTemplatePages>[0][number]> = {}) => ({
  index,
  externalId: null,
  ...fields,
});

describe(planTemplatePages.name, () => {
  it('gives a new project without pages its Home page at the site root', () => {
    const plan = planTemplatePages([], [], true, build);
    expect(plan.moving).toEqual([]);
    expect(plan.pages).toMatchObject([
      { id: null, page: { title: 'Home', path: '', order: 0, isHome: true }, sections: null },
    ]);
  });

  it('names new pages by their title, else by their place after the existing pages', () => {
    const existing: ExistingPage[] = [
      { id: 'id-home', key: 'pgHome', externalId: null, path: '', order: 0, sections: [] },
      { id: 'id-team', key: 'pgTeam', externalId: 'team', path: 'team', order: 4, sections: [] },
    ];
    const plan = planTemplatePages(
      [page(0, { externalId: 'jobs', title: 'Jobs' }), page(1, { externalId: 'faq' })],
      existing,
      false,
      build,
    );
    expect(plan.pages).toMatchObject([
      {
        id: null,
        page: { title: 'Jobs', path: 'jobs', order: 5, isHome: false },
        written: { created: true },
      },
      {
        id: null,
        page: { title: 'Page 7', path: 'page', order: 6, isHome: false },
        written: { created: true },
      },
    ]);
  });

  it('changes a page an earlier call wrote in place, its sections rebuilt by id, new or gone', () => {
    const existing: ExistingPage[] = [
      {
        id: 'id-home',
        key: 'pgHome',
        externalId: 'home',
        path: '',
        order: 0,
        sections: [
          { id: 'id-s1', key: 'scOne', externalId: 's1', type: 'hero' },
          { id: 'id-s2', key: 'scTwo', externalId: 's2', type: 'body' },
        ],
      },
    ];
    const plan = planTemplatePages(
      [
        page(0, {
          externalId: 'home',
          title: 'Start',
          sections: [
            { externalId: 's2', type: 'body', values: { text: 'b' } },
            { externalId: 's3', type: 'quote', values: {} },
          ],
        }),
      ],
      existing,
      false,
      build,
    );
    const [home] = plan.pages;
    expect(home).toMatchObject({ id: 'id-home', changes: { title: 'Start', path: '' } });
    expect(home.sections?.removedIds).toEqual(['id-s1']);
    expect(home.sections?.updates).toMatchObject([{ id: 'id-s2', order: 0, type: 'body' }]);
    expect(home.sections?.inserts).toMatchObject([{ externalId: 's3', order: 1, type: 'quote' }]);
    expect(home.written).toEqual({
      externalId: 'home',
      key: 'pgHome',
      created: false,
      sections: [
        { externalId: 's2', key: 'scTwo', type: 'body', created: false },
        { externalId: 's3', key: expect.any(String), type: 'quote', created: true },
      ],
    });
  });
});
