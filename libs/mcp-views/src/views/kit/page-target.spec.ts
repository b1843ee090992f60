import { describe, expect, it } from '@jest/globals';
import { pageTarget } from './page-target.js';

describe(pageTarget.name, () => {
  it('takes the page a get_embed_code answer names', () => {
    expect(pageTarget({ projectKey: 'p1' }, { projectKey: 'p1', pageKey: 'g2', scriptTag: '…' })).toEqual({
      projectKey: 'p1',
      pageKey: 'g2',
    });
  });

  it('takes the home page create_project made', () => {
    expect(pageTarget({ title: 'New' }, { projectKey: 'p1', homePageKey: 'g1', editorUrl: '…' })).toEqual({
      projectKey: 'p1',
      pageKey: 'g1',
    });
  });

  it('takes the project from the arguments of create_page, whose answer names only the page', () => {
    expect(pageTarget({ projectKey: 'p1', title: 'About' }, { pageKey: 'g3', title: 'About' })).toEqual({
      projectKey: 'p1',
      pageKey: 'g3',
    });
  });

  it('takes the page get_project_sections was narrowed to, by pageKey or by its sections', () => {
    const pages = [{ pageKey: 'g4', sections: [] }];
    expect(pageTarget({ projectKey: 'p1', pageKey: 'g4' }, { projectKey: 'p1', pages })).toEqual({
      projectKey: 'p1',
      pageKey: 'g4',
    });
    expect(pageTarget({ projectKey: 'p1', sectionKeys: ['s9'] }, { projectKey: 'p1', pages })).toEqual({
      projectKey: 'p1',
      pageKey: 'g4',
    });
  });

  it('leaves a whole-project export on the home page', () => {
    const pages = [{ pageKey: 'g1' }, { pageKey: 'g2' }];
    expect(pageTarget({ projectKey: 'p1' }, { projectKey: 'p1', pages })).toEqual({ projectKey: 'p1' });
  });

  it('names nothing when no project is known (an error answer)', () => {
    expect(pageTarget({}, undefined)).toBeNull();
  });
});
