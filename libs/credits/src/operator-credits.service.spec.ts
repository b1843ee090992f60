// Operators' grants and withdrawals on a real database: the balance, its ledger entry and the audit event
// move together; withdrawals stop at zero, even when several race; bad amounts and reasons move nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ForbiddenError, InvalidInputError, NotFoundError } from '#folio/errors';
import { type Actor, IdentityModule } from '#folio/identity';
import { newAccount, newOperator, startTestModule, type TestModule } from '#folio/testing';
import { CreditsModule } from './credits.module.js';
import { maxCreditMove, OperatorCredits, type ShellOperator } from './operator-credits.service.js';

describe(OperatorCredits.name, () => {
  let app: TestModule;
  let credits: OperatorCredits;
  let operator: Actor;
  const shell: ShellOperator = { shellUser: 'deploy' };

  beforeAll(async () => {
    app = await startTestModule([IdentityModule, CreditsModule], {
      LOG_LEVEL: 'silent',
      ADMIN_EMAILS: 'opal@folio.test',
    });
    credits = app.get(OperatorCredits);
    operator = (await newOperator(app)).actor;
  });
  afterAll(() => app?.close());

  const eventsOf = (accountId: string) =>
    app.prisma.auditEvent.findMany({ where: { accountId }, orderBy: { id: 'asc' } });

  it('grants and withdraws, each with its ledger line and an audit event in the account', async () => {
    const acme = await newAccount(app, { name: 'Acme' });
    await expect(
      credits.move(operator, { key: acme.key, action: 'grant', amount: '500', reason: ' Launch promotion ' }),
    ).resolves.toMatchObject({ balance: 500 });
    await expect(
      credits.move(shell, { key: acme.key, action: 'withdraw', amount: '120', reason: 'Duplicate grant' }),
    ).resolves.toMatchObject({ balance: 380 });

    const view = await credits.pool(operator, acme.key);
    expect(view).toMatchObject({ kind: 'account', key: acme.key, name: acme.name, balance: 380, total: 2 });
    expect(view.lines.map(({ delta, reason }) => ({ delta, reason }))).toEqual([
      { delta: -120, reason: 'Duplicate grant' },
      { delta: 500, reason: 'Launch promotion' },
    ]);
    expect(await eventsOf(acme.id)).toMatchObject([
      {
        action: 'credits.granted',
        actorUserId: operator.userId,
        targetType: 'account',
        targetId: acme.key,
        data: { name: acme.name, amount: 500, reason: 'Launch promotion', balance: 500 },
      },
      {
        action: 'credits.withdrawn',
        // The command line acts as nobody signed in: the shell's login is the record of who.
        actorUserId: null,
        data: { amount: 120, balance: 380, shellUser: 'deploy' },
      },
    ]);
  });

  it('never withdraws below zero, however many withdrawals race', async () => {
    const studio = await newAccount(app);
    await credits.move(operator, { key: studio.key, action: 'grant', amount: '100', reason: 'Trial' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        credits.move(shell, { key: studio.key, action: 'withdraw', amount: '30', reason: 'Back' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const refusal of outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))) {
      expect(refusal).toBeInstanceOf(InvalidInputError);
      expect((refusal as Error).message).toBe(
        `amount: ${studio.name} has 10 credits: withdrawing 30 would take it below zero.`,
      );
    }
    const view = await credits.pool(operator, studio.key);
    expect(view.balance).toBe(10);
    expect(view.total).toBe(4);
    expect((await eventsOf(studio.id)).map((event) => event.action)).toEqual([
      'credits.granted',
      'credits.withdrawn',
      'credits.withdrawn',
      'credits.withdrawn',
    ]);
  });

  it('refuses amounts and reasons out of bounds, and moves nothing', async () => {
    const account = await newAccount(app);
    const tooLong = 'x'.repeat(201);
    for (const [amount, reason, problem] of [
      ['0', 'Nothing', 'amount'],
      ['1.5', 'Half', 'amount'],
      ['', 'Empty', 'amount'],
      ['Junk', 'Junk', 'amount'],
      [String(maxCreditMove + 1), 'Many', 'amount'],
      ['10', '   ', 'reason'],
      ['10', tooLong, 'reason'],
    ] as const) {
      const refusal = credits.move(operator, { key: account.key, action: 'grant', amount, reason });
      await expect(refusal).rejects.toThrow(InvalidInputError);
      await expect(refusal).rejects.toThrow(`${problem}: `);
    }
    await expect(
      credits.move(operator, {
        key: account.key,
        action: 'grant',
        amount: String(maxCreditMove),
        reason: 'Most',
      }),
    ).resolves.toMatchObject({ delta: maxCreditMove, balance: maxCreditMove });
    expect((await credits.pool(operator, account.key)).total).toBe(1);
    expect(await eventsOf(account.id)).toHaveLength(1);
  });

  it('reads amounts as decimal digits only: no sign, exponent, hexadecimal or spaces, whatever Number() reads', async () => {
    const account = await newAccount(app);
    await credits.move(operator, { key: account.key, action: 'grant', amount: '100', reason: 'Trial' });
    for (const amount of ['0x10', '1e3', '-5', '+5', ' 5', '5 ', '0b11', '1_000', '١٢']) {
      for (const action of ['grant', 'withdraw'] as const) {
        const refusal = credits.move(operator, { key: account.key, action, amount, reason: 'Odd' });
        await expect(refusal).rejects.toThrow(
          'amount: Give a whole number of credits from 1 to 1,000,000, in digits only.',
        );
      }
    }
    // A grant of "-5" never withdraws; a withdrawal is its own action.
    expect((await credits.pool(operator, account.key)).balance).toBe(100);
    await expect(
      credits.move(operator, { key: account.key, action: 'withdraw', amount: '005', reason: 'Back' }),
    ).resolves.toMatchObject({ delta: -5, balance: 95 });
  });

  it('is for operators only, and names a key that leads nowhere', async () => {
    const account = await newAccount(app);
    const someone = account.owner.actor;
    await expect(
      credits.move(someone, { key: account.key, action: 'grant', amount: '10', reason: 'For me' }),
    ).rejects.toThrow(ForbiddenError);
    await expect(credits.pool(someone, account.key)).rejects.toThrow(ForbiddenError);
    await expect(credits.pool(operator, 'acNoSuchPool1')).rejects.toThrow(
      new NotFoundError('No account or team has the key acNoSuchPool1.'),
    );
    expect((await credits.pool(operator, account.key)).balance).toBe(0);
  });
});
