// The audit log on a real database: one row per account, the caller's transaction, newest first in pages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IdentityModule } from '#folio/identity';
import { newOrganization, newUser, startTestModule, type TestModule } from '#folio/testing';
import { type AuditEntry, AuditLog, auditPageSize } from './audit-log.service.js';
import { AuditModule } from './audit.module.js';

describe(AuditLog.name, () => {
  let app: TestModule;
  let audit: AuditLog;

  beforeAll(async () => {
    app = await startTestModule([AuditModule, IdentityModule]);
    audit = app.get(AuditLog);
  });
  afterAll(() => app?.close());

  async function setup() {
    const user = await newUser(app);
    const account = () => newOrganization(app, { name: 'Studio', members: [{ user, role: 'owner' }] });
    return { user, first: await account(), second: await account() };
  }

  const published = (actorUserId: string | null, accountIds: string[], version = 1): AuditEntry => ({
    action: 'project.published',
    accountIds,
    actorUserId,
    target: { type: 'project', id: 'pSpringLaunch1' },
    data: { destination: 'site', version, slug: undefined },
  });

  it('writes one event per account it concerns, each listed with who did it', async () => {
    const { user, first, second } = await setup();
    await audit.record(published(user.id, [first.id, second.id]));
    for (const account of [first, second]) {
      const { events, total, page, pageCount } = await audit.page(account.id, 1);
      expect({ total, page, pageCount }).toEqual({ total: 1, page: 1, pageCount: 1 });
      expect(events[0]).toMatchObject({
        action: 'project.published',
        actor: { name: user.name, email: user.email },
        target: { type: 'project', id: 'pSpringLaunch1' },
        // An undefined detail is left out rather than stored.
        data: { destination: 'site', version: 1 },
      });
      expect(events[0]!.data).not.toHaveProperty('slug');
      expect(events[0]!.at).toBeInstanceOf(Date);
    }
  });

  it("commits with the caller's transaction, and leaves nothing when it rolls back", async () => {
    const { user, first } = await setup();
    await expect(
      app.prisma.$transaction(async (tx) => {
        await audit.record(published(user.id, [first.id], 1), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await audit.page(first.id, 1)).total).toBe(0);

    await app.prisma.$transaction((tx) => audit.record(published(user.id, [first.id], 2), tx));
    expect((await audit.page(first.id, 1)).events.map((event) => event.data.version)).toEqual([2]);
  });

  it('keeps an event of no account (a public library) out of every account, and one without actor', async () => {
    const { first } = await setup();
    const before = await app.prisma.auditEvent.count({ where: { accountId: null } });
    await audit.record({
      action: 'library.ai_switched',
      accountIds: [],
      actorUserId: null,
      target: { type: 'library', id: 'lStarter00001' },
      data: { enabled: true },
    });
    expect(await app.prisma.auditEvent.count({ where: { accountId: null } })).toBe(before + 1);
    await audit.record({ ...published(null, [first.id]) });
    expect((await audit.page(first.id, 1)).events[0]).toMatchObject({ actor: null });
  });

  it('lists newest first in pages, and shows the last page for a page past it', async () => {
    const { user, first, second } = await setup();
    const total = auditPageSize + 5;
    for (let version = 1; version <= total; version++)
      await audit.record(published(user.id, [first.id], version));
    await audit.record(published(user.id, [second.id], 999));

    const one = await audit.page(first.id, 1);
    expect({ total: one.total, pageCount: one.pageCount }).toEqual({ total, pageCount: 2 });
    expect(one.events).toHaveLength(auditPageSize);
    expect(one.events[0]!.data.version).toBe(total);
    expect(one.events.at(-1)!.data.version).toBe(6);

    const two = await audit.page(first.id, 2);
    expect(two.events.map((event) => event.data.version)).toEqual([5, 4, 3, 2, 1]);
    expect((await audit.page(first.id, 7)).page).toBe(2);
    expect((await audit.page(first.id, Number.NaN)).page).toBe(1);
    expect((await audit.page(second.id, 1)).events.map((event) => event.data.version)).toEqual([999]);
  });
});
