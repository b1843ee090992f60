import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '#folio/testing';
import { prefixTsQuery, refreshProjectSearch } from './project-search.js';

describe(prefixTsQuery.name, () => {
  it('requires every word and matches the last as a prefix', () => {
    expect(prefixTsQuery('Coffee  roast')).toBe('coffee & roast:*');
    expect(prefixTsQuery("O'Brien's & | ! café")).toBe('o & brien & s & café:*');
    expect(prefixTsQuery(' !!! ')).toBeNull();
  });
});

describe(refreshProjectSearch.name, () => {
  let db: MigratedTestDatabase;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
  });
  afterAll(() => db.dispose());

  async function createProject(title: string, sectionHtml: string) {
    const account = await db.prisma.account.create({
      data: {
        key: `ac${Math.random().toString(36).slice(2, 12)}`,
        name: 'Search test',
        kind: 'organization',
      },
    });
    return db.prisma.project.create({
      data: {
        key: `pr${Math.random().toString(36).slice(2, 12)}`,
        accountId: account.id,
        title,
        theme: {},
        breakpoints: [],
        pages: {
          create: {
            key: `pg${Math.random().toString(36).slice(2, 12)}`,
            title: 'Home',
            path: '',
            order: 0,
            isHome: true,
            sections: {
              create: {
                key: `sc${Math.random().toString(36).slice(2, 12)}`,
                order: 0,
                type: 'content',
                tree: {
                  key: 'rootElement1',
                  type: 'frame',
                  children: [{ key: 'textElement1', type: 'text', text: sectionHtml }],
                },
              },
            },
          },
        },
      },
    });
  }

  async function search(text: string): Promise<string[]> {
    const rows = await db.prisma.$queryRaw<{ title: string }[]>`
      SELECT title FROM "Project", to_tsquery('english', ${prefixTsQuery(text)}) AS q
      WHERE search @@ q ORDER BY ts_rank(search, q) DESC`;
    return rows.map((row) => row.title);
  }

  it('finds a project by a word that appears only in one of its sections', async () => {
    const project = await createProject(
      'Quiet harbour',
      '<p>We roast <strong>xylophonist</strong> blends weekly.</p>',
    );
    await createProject('Loud city', '<p>Nothing to see here.</p>');
    expect(await search('xylophonist')).toEqual([]);

    await refreshProjectSearch(db.prisma, project.id);

    expect(await search('xylophonist')).toEqual(['Quiet harbour']);
    expect(await search('xyloph')).toEqual(['Quiet harbour']);
    expect(await search('roasting')).toEqual(['Quiet harbour']);
    expect(await search('strong')).toEqual([]);
  });

  it('ranks a title match above a match in section text', async () => {
    const inText = await createProject('Alpha', '<p>Saffron notes in every cup.</p>');
    const inTitle = await createProject('Saffron Supply', '<p>Spices.</p>');
    await refreshProjectSearch(db.prisma, inText.id);
    await refreshProjectSearch(db.prisma, inTitle.id);
    expect(await search('saffron')).toEqual(['Saffron Supply', 'Alpha']);
  });
});
