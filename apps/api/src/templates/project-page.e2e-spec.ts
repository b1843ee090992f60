import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newApiKey, newProject, newUser, startTestApp, type TestApp, type TestUser } from '#folio/testing';

// Deleting a page over real HTTP on the real api app, with an API key.

let app: TestApp;
let owner: TestUser;
let ownerKey: string;
let listOnlyKey: string;

beforeAll(async () => {
  app = await startTestApp({ app: 'api' });
  owner = await newUser(app);
  ownerKey = (await newApiKey(app, owner, { scopes: ['list:project', 'create:project'] })).text;
  listOnlyKey = (await newApiKey(app, owner, { scopes: ['list:project'] })).text;
});
afterAll(() => app?.close());

describe('DELETE /project/:projectKey/page/:pageKey', () => {
  it('deletes a page; the next page becomes home; the last page stays', async () => {
    const project = await newProject(app, owner, {
      pages: [{ sections: [{ title: 'Home' }] }, { title: 'Next', sections: [{ title: 'Next' }] }],
    });
    const [home, next] = project.pages;
    const remove = (pageKey: string, key = ownerKey) =>
      fetch(`${app.baseUrl}/project/${project.projectKey}/page/${pageKey}`, {
        method: 'DELETE',
        headers: { 'x-service-key': key },
      });
    expect((await remove(home.pageKey, listOnlyKey)).status).toBe(403);
    const response = await remove(home.pageKey);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      projectKey: project.projectKey,
      pageKey: home.pageKey,
      homePageKey: next.pageKey,
    });
    const pages = await app.prisma.page.findMany({ where: { project: { key: project.projectKey } } });
    expect(pages.map((page) => [page.key, page.isHome, page.path])).toEqual([[next.pageKey, true, '']]);
    expect(await app.prisma.section.count({ where: { key: home.sectionKeys[0] } })).toBe(0);
    expect((await remove(home.pageKey)).status).toBe(404);
    expect((await remove(next.pageKey)).status).toBe(409);
  });
});
