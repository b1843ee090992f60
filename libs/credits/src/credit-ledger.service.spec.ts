import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPublicKey } from '#folio/content';
import { asJson } from '#folio/db';
import { InsufficientCreditsError } from '#folio/errors';
import { newOrganization, startTestModule, type TestModule } from '#folio/testing';
import { CreditLedger } from './credit-ledger.service.js';
import { type CreditPool } from './credit.repository.js';
import { CreditsModule } from './credits.module.js';

describe(CreditLedger.name, () => {
  let app: TestModule;
  let ledger: CreditLedger;

  beforeAll(async () => {
    app = await startTestModule([CreditsModule], { LOG_LEVEL: 'silent' });
    ledger = app.get(CreditLedger);
  });
  afterAll(() => app?.close());

  /** An account with `credits`, and a team in it with `teamCredits`; both pools. */
  async function setup(credits: number, teamCredits = 0, name = 'Acme') {
    const account = await newOrganization(app, {
      name,
      credits,
      members: [],
      teams: [{ name: 'Atlas team', credits: teamCredits }],
    });
    const [team] = account.teams;
    const accountPool: CreditPool = { accountId: account.id, teamId: null };
    const teamPool: CreditPool = { accountId: account.id, teamId: team.id };
    return { account, team, accountPool, teamPool };
  }

  async function projectWithPage(accountId: string) {
    const project = await app.prisma.project.create({
      data: {
        key: newPublicKey(),
        accountId,
        title: 'Harbor Coffee',
        theme: asJson({}),
        breakpoints: asJson([]),
        pages: { create: { key: newPublicKey(), title: 'Home', path: '', order: 0, isHome: true } },
      },
      include: { pages: true },
    });
    return { projectId: project.id, pageId: project.pages[0]!.id };
  }

  /** The pool's entries after its grant (the one newOrganization writes), oldest first. */
  const entriesOf = (pool: CreditPool) =>
    app.prisma.creditEntry.findMany({
      where: {
        ...(pool.teamId ? { teamId: pool.teamId } : { accountId: pool.accountId, teamId: null }),
        reason: { not: 'test grant' },
      },
      orderBy: { createdAt: 'asc' },
    });

  it('lets exactly as many of 50 concurrent debits through as the balance covers, never overdrawing', async () => {
    const { accountPool } = await setup(100);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.debit(accountPool, 10, { reason: `page ${i}` })),
    );
    const debits = outcomes.filter((o) => o.status === 'fulfilled');
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(debits).toHaveLength(10);
    expect(refusals).toHaveLength(40);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(InsufficientCreditsError);
      expect((refusal as InsufficientCreditsError).available).toBeGreaterThanOrEqual(0);
      expect((refusal as InsufficientCreditsError).available).toBeLessThan(10);
    }
    expect(await ledger.balance(accountPool)).toBe(0);
    const entries = await entriesOf(accountPool);
    expect(entries).toHaveLength(10);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(-100);
  });

  it('draws from the team pool for a team workspace and from the account otherwise', async () => {
    const { accountPool, teamPool, team } = await setup(40, 25);
    await ledger.debit(teamPool, 20, { reason: 'AI page' });
    expect(await ledger.balance(teamPool)).toBe(5);
    expect(await ledger.balance(accountPool)).toBe(40);
    expect(await entriesOf(teamPool)).toMatchObject([{ teamId: team.id, delta: -20, reason: 'AI page' }]);
    expect(await entriesOf(accountPool)).toEqual([]);

    // The team's 5 are not enough, whatever the account holds: the error names the pool and its balance.
    const refusal = ledger.debit(teamPool, 10, { reason: 'AI page' });
    await expect(refusal).rejects.toThrow(InsufficientCreditsError);
    await expect(refusal).rejects.toThrow(
      "Not enough AI credits: this needs 10, the Atlas team's pool has 5.",
    );
    await expect(ledger.debit(accountPool, 41, { reason: 'AI page' })).rejects.toThrow(
      "this needs 41, Acme's account has 40.",
    );
    expect(await ledger.balance(teamPool)).toBe(5);
    expect(await ledger.balance(accountPool)).toBe(40);
  });

  it('says, taking nothing, whether a pool covers an amount, with the refusal a debit would give', async () => {
    const { accountPool, teamPool } = await setup(40, 5);
    await expect(ledger.requireCovered(accountPool, 40)).resolves.toBeUndefined();
    await expect(ledger.requireCovered(teamPool, 10)).rejects.toThrow(
      "Not enough AI credits: this needs 10, the Atlas team's pool has 5.",
    );
    expect(await ledger.balance(accountPool)).toBe(40);
    expect(await entriesOf(accountPool)).toEqual([]);
  });

  it('links the debit to its project and page once they exist', async () => {
    const { account, accountPool } = await setup(30);
    const debit = await ledger.debit(accountPool, 12, { reason: 'AI page' });
    const links = await projectWithPage(account.id);
    await ledger.attach(debit, links);
    expect(await app.prisma.creditEntry.findUniqueOrThrow({ where: { id: debit.entryId! } })).toMatchObject({
      ...links,
      delta: -12,
    });
    expect(debit).toMatchObject({ pool: accountPool, amount: 12 });
  });

  it("refunds a debit once, however often or concurrently it is asked, on the debit's project", async () => {
    const { account, teamPool } = await setup(0, 30);
    const debit = await ledger.debit(teamPool, 12, { reason: 'AI page' });
    const links = await projectWithPage(account.id);
    await ledger.attach(debit, links);
    expect(await ledger.balance(teamPool)).toBe(18);

    const refunds = await Promise.all([
      ledger.refund(debit, { reason: 'AI page failed' }),
      ledger.refund(debit, { reason: 'AI page failed' }),
    ]);
    expect(refunds.sort()).toEqual([false, true]);
    expect(await ledger.refund(debit, { reason: 'AI page failed' })).toBe(false);
    expect(await ledger.balance(teamPool)).toBe(30);
    const entries = await entriesOf(teamPool);
    expect(entries.map(({ delta, reason }) => ({ delta, reason }))).toEqual([
      { delta: -12, reason: 'AI page' },
      { delta: 12, reason: 'AI page failed' },
    ]);
    expect(entries[1]).toMatchObject(links);
  });

  it('records nothing for a debit of 0 credits, even from an empty pool', async () => {
    const { accountPool } = await setup(0);
    const debit = await ledger.debit(accountPool, 0, { reason: 'AI page' });
    expect(debit).toEqual({ entryId: null, pool: accountPool, amount: 0 });
    await ledger.attach(debit, { projectId: (await projectWithPage(accountPool.accountId)).projectId });
    expect(await ledger.refund(debit, { reason: 'AI page failed' })).toBe(false);
    expect(await entriesOf(accountPool)).toEqual([]);
    expect(await ledger.balance(accountPool)).toBe(0);
  });
});
