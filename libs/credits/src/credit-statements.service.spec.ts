import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPublicKey } from '#folio/content';
import { asJson } from '#folio/db';
import { type AccountRole, type Actor, type TeamRole } from '#folio/identity';
import { newOrganization, startTestModule, type TestModule, type TestOrganization } from '#folio/testing';
import { CreditLedger } from './credit-ledger.service.js';
import { CreditStatements, type CreditStatementsView } from './credit-statements.service.js';
import { CreditsModule } from './credits.module.js';

describe(CreditStatements.name, () => {
  let app: TestModule;
  let statements: CreditStatements;
  let northwind: TestOrganization;
  let atlas: TestOrganization['teams'][number];
  let beacon: TestOrganization['teams'][number];

  const actor = (accountRoles: [string, AccountRole][], teamRoles: [string, TeamRole][] = []): Actor => ({
    userId: newPublicKey(),
    email: 'someone@example.test',
    name: 'Someone',
    accountRoles: new Map(accountRoles),
    teamRoles: new Map(teamRoles),
    restrictedToAccountId: null,
    isOperator: false,
  });

  async function project(title: string, workspaceId: string) {
    return app.prisma.project.create({
      data: {
        key: newPublicKey(),
        accountId: northwind.id,
        workspaceId,
        title,
        theme: asJson({}),
        breakpoints: asJson([]),
      },
    });
  }

  beforeAll(async () => {
    app = await startTestModule([CreditsModule], { LOG_LEVEL: 'silent' });
    statements = app.get(CreditStatements);
    const ledger = app.get(CreditLedger);

    northwind = await newOrganization(app, {
      name: 'Northwind',
      credits: 100,
      members: [],
      teams: [
        { name: 'Atlas', credits: 50 },
        { name: 'Beacon', credits: 20 },
      ],
    });
    [atlas, beacon] = northwind.teams;
    const atlasPool = { accountId: northwind.id, teamId: atlas.id };
    const launch = await project('Atlas launch', atlas.workspace.id);
    await ledger.attach(await ledger.debit(atlasPool, 10, { reason: 'AI page' }), { projectId: launch.id });
    // Spent from the account pool on a project that has since moved into Beacon's workspace.
    const moved = await project('Beacon secret', beacon.workspace.id);
    await ledger.debit({ accountId: northwind.id, teamId: null }, 5, {
      reason: 'AI page',
      projectId: moved.id,
    });
  });
  afterAll(() => app?.close());

  const pools = (view: CreditStatementsView) => ({
    accounts: view.accounts.map((s) => `${s.name} ${s.balance}`),
    teams: view.teams.map((s) => `${s.name} ${s.balance}`),
  });

  it('shows an owner their account pool and every team pool of the account', async () => {
    const view = await statements.visibleTo(actor([[northwind.id, 'owner']]));
    expect(pools(view)).toEqual({ accounts: ['Northwind 95'], teams: ['Atlas 40', 'Beacon 20'] });
    expect(view.teams[0]!.key).toBe(atlas.key);
    expect(view.teams[0]!.lines).toEqual([
      { at: expect.any(Date), delta: -10, reason: 'AI page', projectTitle: 'Atlas launch', pageTitle: null },
      { at: expect.any(Date), delta: 50, reason: 'test grant', projectTitle: null, pageTitle: null },
    ]);
    expect(view.accounts[0]!.lines[0]).toMatchObject({ delta: -5, projectTitle: 'Beacon secret' });
  });

  it('shows a member the account pool and only the teams they are in, naming only projects they see', async () => {
    const member = await statements.visibleTo(actor([[northwind.id, 'editor']], [[atlas.id, 'viewer']]));
    expect(pools(member)).toEqual({ accounts: ['Northwind 95'], teams: ['Atlas 40'] });
    expect(member.accounts[0]!.lines[0]).toMatchObject({ delta: -5, reason: 'AI page', projectTitle: null });
    expect(JSON.stringify(member)).not.toContain('Beacon');

    const viewer = await statements.visibleTo(actor([[northwind.id, 'viewer']]));
    expect(pools(viewer)).toEqual({ accounts: ['Northwind 95'], teams: [] });
  });

  it('shows an outsider nothing of the account, and a key restricted elsewhere nothing either', async () => {
    const outsider = await statements.visibleTo(actor([], [[atlas.id, 'editor']]));
    expect(pools(outsider)).toEqual({ accounts: [], teams: [] });
    const restricted = await statements.visibleTo({
      ...actor([[northwind.id, 'owner']]),
      restrictedToAccountId: newPublicKey(),
    });
    expect(pools(restricted)).toEqual({ accounts: [], teams: [] });
  });

  it('caps each ledger at the newest entries and tells how many there are', async () => {
    const view = await statements.visibleTo(actor([[northwind.id, 'owner']]), 1);
    expect(view.accounts[0]).toMatchObject({ total: 2, lines: [{ delta: -5 }] });
  });
});
