import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPublicKey } from '#folio/content';
import { asJson } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { type Actor, ActorService, IdentityModule } from '#folio/identity';
import { starterLibrary } from '#folio/seed';
import { newOrganization, newUser, startTestModule, type TestModule } from '#folio/testing';
import { LibraryAnalysisService } from './library-analysis.service.js';
import { LibraryCatalog } from './library-catalog.service.js';
import { LibrariesModule } from './libraries.module.js';

describe(LibraryCatalog.name, () => {
  let app: TestModule;
  let catalog: LibraryCatalog;
  let analysis: LibraryAnalysisService;
  let actors: ActorService;
  const ids = { accountA: '', accountB: '', team: '', alice: '', tina: '', eve: '', bob: '' };
  const keys = { team: '' };

  /** Titles listed for the actor at the placement (null: no scope). */
  async function titles(actor: Actor, where: { accountId: string; teamId: string | null } | null) {
    return (await catalog.listForAi(actor, where)).map((library) => library.title);
  }

  async function library(
    title: string,
    owner: { ownerAccountId?: string; teamId?: string },
    state: { aiEnabled: boolean; analyzed: boolean },
  ) {
    const created = await app.prisma.library.create({
      data: {
        key: newPublicKey(),
        title,
        description: `${title} sections`,
        aiEnabled: state.aiEnabled,
        ...owner,
        sections: {
          create: starterLibrary.sections.slice(0, 2).map((section, order) => ({
            key: newPublicKey(),
            title: section.title,
            order,
            tree: asJson(section.tree),
            styles: section.styles,
          })),
        },
      },
    });
    if (state.analyzed) await analysis.analyze(created.id);
    return created;
  }

  beforeAll(async () => {
    app = await startTestModule([LibrariesModule, IdentityModule]);
    catalog = app.get(LibraryCatalog);
    analysis = app.get(LibraryAnalysisService);
    actors = app.get(ActorService);

    const [alice, tina, eve, bob] = await Promise.all(
      ['alice', 'tina', 'eve', 'bob'].map((name) => newUser(app, { name })),
    );
    const acme = await newOrganization(app, {
      name: 'Acme',
      members: [
        { user: alice, role: 'owner' },
        { user: tina, role: 'editor' },
        { user: eve, role: 'viewer' },
      ],
      teams: [{ name: 'Web', members: [{ user: tina, role: 'editor' }] }],
    });
    const bolt = await newOrganization(app, {
      name: 'Bolt',
      members: [
        { user: alice, role: 'viewer' },
        { user: bob, role: 'owner' },
      ],
    });
    Object.assign(ids, {
      accountA: acme.id,
      accountB: bolt.id,
      team: acme.teams[0].id,
      alice: alice.id,
      tina: tina.id,
      eve: eve.id,
      bob: bob.id,
    });
    keys.team = acme.teams[0].key;

    const ready = { aiEnabled: true, analyzed: true };
    await library('Zeta public', {}, ready);
    await library('Alpha public', {}, ready);
    await library('Public without AI', {}, { aiEnabled: false, analyzed: true });
    await library('Public not analysed', {}, { aiEnabled: true, analyzed: false });
    await library('Acme brand kit', { ownerAccountId: ids.accountA }, ready);
    await library('Acme web team blocks', { ownerAccountId: ids.accountA, teamId: ids.team }, ready);
    await library('Bolt blocks', { ownerAccountId: ids.accountB }, ready);
  });
  afterAll(() => app?.close());

  it('without a scope, lists public libraries first, then the account-wide ones of every account of the actor', async () => {
    const alice = await actors.load(ids.alice);
    const listed = await catalog.listForAi(alice, null);
    expect(listed.map((l) => [l.title, l.ownership])).toEqual([
      ['Alpha public', 'public'],
      ['Zeta public', 'public'],
      ['Acme brand kit', 'own'],
      ['Bolt blocks', 'own'],
    ]);
    expect(listed[0]).toEqual({
      libraryKey: expect.stringMatching(/^[A-Za-z][A-Za-z0-9]+$/),
      title: 'Alpha public',
      description: 'Alpha public sections',
      ownership: 'public',
    });
    expect(await titles(await actors.load(ids.bob), null)).toEqual([
      'Alpha public',
      'Zeta public',
      'Bolt blocks',
    ]);
  });

  it('lists only libraries that are AI-enabled and analysed', async () => {
    const alice = await actors.load(ids.alice);
    const fresh = await library(
      'Acme fresh',
      { ownerAccountId: ids.accountA },
      { aiEnabled: true, analyzed: false },
    );
    expect(await titles(alice, null)).not.toContain('Acme fresh');
    await analysis.analyze(fresh.id);
    expect(await titles(alice, null)).toContain('Acme fresh');
    await app.prisma.library.delete({ where: { id: fresh.id } });
  });

  it('in a team workspace adds that team’s libraries, with the team key; elsewhere in the account leaves them out', async () => {
    const tina = await actors.load(ids.tina);
    const inTeam = await catalog.listForAi(tina, { accountId: ids.accountA, teamId: ids.team });
    expect(inTeam.map((l) => l.title)).toEqual([
      'Alpha public',
      'Zeta public',
      'Acme brand kit',
      'Acme web team blocks',
    ]);
    expect(inTeam.find((l) => l.title === 'Acme web team blocks')).toMatchObject({
      ownership: 'own',
      teamKey: keys.team,
    });
    expect(await titles(tina, { accountId: ids.accountA, teamId: null })).toEqual([
      'Alpha public',
      'Zeta public',
      'Acme brand kit',
    ]);
    // An owner oversees every team of the account.
    expect(
      await titles(await actors.load(ids.alice), { accountId: ids.accountA, teamId: ids.team }),
    ).toContain('Acme web team blocks');
  });

  it('never lists another account’s libraries, and refuses a placement the actor cannot see', async () => {
    const bob = await actors.load(ids.bob);
    const eve = await actors.load(ids.eve);
    expect(await titles(bob, { accountId: ids.accountB, teamId: null })).toEqual([
      'Alpha public',
      'Zeta public',
      'Bolt blocks',
    ]);
    await expect(catalog.listForAi(bob, { accountId: ids.accountA, teamId: null })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // A viewer of the account outside the team does not see the team's workspace.
    await expect(
      catalog.listForAi(eve, { accountId: ids.accountA, teamId: ids.team }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps a key restricted to one account inside that account', async () => {
    const restricted = await actors.load(ids.alice, ids.accountA);
    expect(await titles(restricted, null)).toEqual(['Alpha public', 'Zeta public', 'Acme brand kit']);
    await expect(
      catalog.listForAi(restricted, { accountId: ids.accountB, teamId: null }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
