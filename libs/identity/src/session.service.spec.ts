import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newUser, startTestModule, type TestModule } from '#folio/testing';
import { IdentityModule } from './identity.module.js';
import { hashSessionToken, sessionLifetimeMs, SessionService } from './session.service.js';

describe(SessionService.name, () => {
  let app: TestModule;
  let sessions: SessionService;
  let userId: string;

  beforeAll(async () => {
    app = await startTestModule([IdentityModule]);
    sessions = app.get(SessionService);
    ({ id: userId } = await newUser(app, { email: 'session@example.com', name: 'Sam Session' }));
  });
  afterAll(() => app?.close());

  it('starts a 30-day session whose token is stored only as its sha-256', async () => {
    const started = await sessions.start(userId, 'jest');
    expect(started.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.expiresAt.getTime() - Date.now()).toBeGreaterThan(sessionLifetimeMs - 5_000);

    const rows = await app.prisma.session.findMany({ where: { userId } });
    const row = rows.find((r) => r.tokenHash === hashSessionToken(started.token));
    expect(row).toBeDefined();
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(started.token);
    expect(row!.userAgent).toBe('jest');
  });

  it('resolves a token to its person with their roles now, and nothing for unknown or malformed tokens', async () => {
    const { token } = await sessions.start(userId);
    const resolved = await sessions.resolve(token);
    expect(resolved).toMatchObject({
      actor: { userId, email: 'session@example.com', name: 'Sam Session', isOperator: false },
      renewed: false,
    });
    expect([...resolved!.actor.accountRoles.values()]).toEqual(['owner']);
    await expect(
      sessions.resolve(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).resolves.toBeNull();
    await expect(sessions.resolve('not a token')).resolves.toBeNull();
    await expect(sessions.resolve(undefined)).resolves.toBeNull();
  });

  it('slides lastSeenAt and the expiry at most once a minute', async () => {
    const { token } = await sessions.start(userId);
    const where = { tokenHash: hashSessionToken(token) };
    const created = await app.prisma.session.findUniqueOrThrow({ where });

    const soon = new Date(created.lastSeenAt.getTime() + 30_000);
    expect((await sessions.resolve(token, soon))?.renewed).toBe(false);
    expect((await app.prisma.session.findUniqueOrThrow({ where })).lastSeenAt).toEqual(created.lastSeenAt);

    const later = new Date(created.lastSeenAt.getTime() + 10 * 60_000);
    const resolved = await sessions.resolve(token, later);
    expect(resolved?.renewed).toBe(true);
    expect(resolved?.expiresAt).toEqual(new Date(later.getTime() + sessionLifetimeMs));
    const touched = await app.prisma.session.findUniqueOrThrow({ where });
    expect(touched.lastSeenAt).toEqual(later);
    expect(touched.expiresAt).toEqual(new Date(later.getTime() + sessionLifetimeMs));
  });

  it('refuses and removes an expired session', async () => {
    const { token, expiresAt } = await sessions.start(userId);
    await expect(sessions.resolve(token, new Date(expiresAt.getTime() + 1))).resolves.toBeNull();
    expect(await app.prisma.session.count({ where: { tokenHash: hashSessionToken(token) } })).toBe(0);
  });

  it("keeps a flash for the session's next page, taken once, even by two requests at the same time", async () => {
    const { token, sessionId } = await sessions.start(userId);
    const other = await sessions.start(userId);
    expect((await sessions.resolve(token))?.flash).toBeNull();

    await sessions.leaveFlash(sessionId, { to: '/first', data: { n: 1 } });
    const flash = { to: '/second', data: { n: 2 } };
    await sessions.leaveFlash(sessionId, flash);
    expect((await sessions.resolve(token))?.flash).toEqual(flash);
    expect((await sessions.resolve(other.token))?.flash).toBeNull();

    const takes = await Promise.all([
      sessions.takeFlash(sessionId, flash),
      sessions.takeFlash(sessionId, flash),
    ]);
    expect(takes.sort()).toEqual([false, true]);
    expect((await sessions.resolve(token))?.flash).toBeNull();
  });

  it('ends a session: its token no longer resolves, other sessions stay', async () => {
    const a = await sessions.start(userId);
    const b = await sessions.start(userId);
    await sessions.end(a.token);
    await expect(sessions.resolve(a.token)).resolves.toBeNull();
    await expect(sessions.resolve(b.token)).resolves.not.toBeNull();
    await expect(sessions.end('garbage')).resolves.toBeUndefined();
  });
});
