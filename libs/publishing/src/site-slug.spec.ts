import { describe, expect, it } from '@jest/globals';
import { siteSlugCandidates, siteSlugSchema } from './site-slug.js';

describe(siteSlugCandidates.name, () => {
  it("suggests the title's slug, then that slug with the project's key", () => {
    expect(siteSlugCandidates({ title: 'Northwind Coffee Roasters!', key: 'pNorthwind01' })).toEqual([
      'northwind-coffee-roasters',
      'northwind-coffee-roasters-pnorthwind01',
    ]);
  });

  it('makes "site" with the key of a title without letters or digits', () => {
    expect(siteSlugCandidates({ title: '東京', key: 'pTokyo000001' })).toEqual(['site-ptokyo000001']);
  });

  it('suggests only addresses publishing accepts, however long the title', () => {
    for (const title of ['x'.repeat(200), 'Ünïcödé — ñame', 'a-b-', '---']) {
      for (const slug of siteSlugCandidates({ title, key: 'pLongKey0000000000000000000001' })) {
        expect(siteSlugSchema.safeParse(slug).success).toBe(true);
      }
    }
  });
});
