import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type PrismaService } from '#folio/db';
import { ConflictError, InvalidInputError, NotFoundError, UnauthenticatedError } from '#folio/errors';
import { createMigratedTestDatabase, type MigratedTestDatabase, newOrganization } from '#folio/testing';
import { AccountDirectoryRepository } from './account-directory.repository.js';
import { ActorRepository } from './actor.repository.js';
import { ActorService } from './actor.service.js';
import { verifyPassword } from './credentials.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

describe(UserService.name, () => {
  let db: MigratedTestDatabase;
  let users: UserService;
  let actors: ActorService;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
    const prisma = db.prisma as unknown as PrismaService;
    const config = { adminEmails: ['ops@folio.test'] };
    actors = new ActorService(new ActorRepository(prisma), config);
    users = new UserService(
      new UserRepository(prisma),
      new AccountDirectoryRepository(prisma),
      actors,
      config,
    );
  });
  afterAll(() => db.dispose());

  /** Signs up; the actor it returns, with the user's id as `newOrganization` takes people. */
  async function signUp(email: string, password = 'correct horse battery') {
    const actor = await users.signUp({ email, password, name: 'Ada Lovelace' });
    return { ...actor, id: actor.userId };
  }

  describe('signUp', () => {
    it('creates the user with a lower-cased email, an argon2id hash and an owned personal account', async () => {
      const user = await signUp('  Ada@Example.COM ');
      expect(user).toMatchObject({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        restrictedToAccountId: null,
        isOperator: false,
      });

      const stored = await db.prisma.user.findUniqueOrThrow({
        where: { id: user.id },
        include: { memberships: { include: { account: true } } },
      });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored.passwordHash).not.toContain('correct horse battery');
      await expect(verifyPassword(stored.passwordHash, 'correct horse battery')).resolves.toBe(true);
      expect(stored.memberships).toHaveLength(1);
      const [{ role, account }] = stored.memberships;
      expect(role).toBe('owner');
      expect(account).toMatchObject({ kind: 'personal', credits: 0, name: "Ada Lovelace's account" });
      expect(account.key).toMatch(/^[A-Za-z][A-Za-z0-9]{11}$/);
      // The actor sign-up returns is the new owner of that account, as the access policy sees them.
      expect([...user.accountRoles]).toEqual([[account.id, 'owner']]);
    });

    it('refuses an email already taken, whatever its case, and creates nothing', async () => {
      await signUp('grace@example.com');
      const before = { users: await db.prisma.user.count(), accounts: await db.prisma.account.count() };
      await expect(signUp('GRACE@example.com')).rejects.toThrow(ConflictError);
      await expect(signUp('grace@EXAMPLE.com ')).rejects.toThrow(/already exists/);
      expect(await db.prisma.user.count()).toBe(before.users);
      expect(await db.prisma.account.count()).toBe(before.accounts);
    });

    it('keeps one user when the same email signs up twice at once', async () => {
      const results = await Promise.allSettled([signUp('race@example.com'), signUp('RACE@example.com')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ConflictError);
      expect(await db.prisma.user.count({ where: { email: 'race@example.com' } })).toBe(1);
    });

    it('names each bad field: short password, malformed email, missing name', async () => {
      const attempt = users.signUp({ email: 'not-an-email', password: 'short', name: '  ' });
      await expect(attempt).rejects.toThrow(InvalidInputError);
      const error = (await attempt.catch((e: unknown) => e)) as InvalidInputError;
      expect(error.problems.map((p) => p.path).sort()).toEqual(['email', 'name', 'password']);
      expect(error.problems.find((p) => p.path === 'password')?.message).toMatch(/at least 10 characters/);
      await expect(signUp('ten@example.com', '123456789')).rejects.toThrow(InvalidInputError);
      await expect(signUp('ten@example.com', '1234567890')).resolves.toMatchObject({
        email: 'ten@example.com',
      });
    });

    it('keeps the operators’ addresses (ADMIN_EMAILS) from being claimed by sign-up', async () => {
      const attempt = signUp(' OPS@folio.test ', 'a long enough password');
      await expect(attempt).rejects.toThrow(InvalidInputError);
      expect(((await attempt.catch((e: unknown) => e)) as InvalidInputError).problems).toEqual([
        { path: 'email', message: expect.stringMatching(/cannot sign up here/) },
      ]);
      expect(await db.prisma.user.count({ where: { email: 'ops@folio.test' } })).toBe(0);
    });
  });

  describe('authenticate', () => {
    beforeAll(() => signUp('Login@Example.com', 'the right password'));

    it('returns the user for the right password, whatever the case of the email', async () => {
      await expect(users.authenticate('login@example.com', 'the right password')).resolves.toMatchObject({
        email: 'login@example.com',
      });
      await expect(users.authenticate(' LOGIN@example.COM', 'the right password')).resolves.toMatchObject({
        email: 'login@example.com',
      });
    });

    it('returns an operator, named by ADMIN_EMAILS, as one', async () => {
      const person = await signUp('soon-ops@example.com', 'an operator password');
      expect(person.isOperator).toBe(false);
      // Sign-up refuses the address; an operator is named after signing up.
      await db.prisma.user.update({ where: { id: person.id }, data: { email: 'ops@folio.test' } });
      await expect(users.authenticate('ops@folio.test', 'an operator password')).resolves.toMatchObject({
        userId: person.id,
        isOperator: true,
      });
      await expect(actors.load(person.id)).resolves.toMatchObject({ isOperator: true });
      await expect(actors.load(person.id, person.accountRoles.keys().next().value)).resolves.toMatchObject({
        isOperator: false,
      });
    });

    it('refuses a wrong password and an unknown email with the same error', async () => {
      const wrongPassword = await users
        .authenticate('login@example.com', 'the wrong password')
        .catch((e) => e);
      const unknown = await users.authenticate('nobody@example.com', 'the right password').catch((e) => e);
      expect(wrongPassword).toBeInstanceOf(UnauthenticatedError);
      expect(unknown).toBeInstanceOf(UnauthenticatedError);
      expect((unknown as Error).message).toBe((wrongPassword as Error).message);
    });
  });

  describe('overview and account lookups', () => {
    it("lists the user's accounts with role and credits, and their teams' credits", async () => {
      const user = await signUp('member@example.com');
      const owner = await signUp('boss@example.com');
      const org = await newOrganization(db, {
        name: 'Acme Studio',
        credits: 120,
        members: [
          { user, role: 'editor' },
          { user: owner, role: 'owner' },
        ],
        teams: [
          { name: 'Design', credits: 40, members: [{ user, role: 'viewer' }] },
          { name: 'Growth', credits: 7 },
        ],
      });

      const overview = await users.overview(user.id);
      expect(overview.accounts.map((a) => [a.name, a.kind, a.role, a.credits])).toEqual([
        ["Ada Lovelace's account", 'personal', 'owner', 0],
        ['Acme Studio', 'organization', 'editor', 120],
      ]);
      expect(overview.teams).toEqual([
        {
          key: org.teams[0].key,
          name: 'Design',
          credits: 40,
          accountKey: org.key,
          accountName: 'Acme Studio',
          role: 'viewer',
        },
      ]);
      // An owner oversees every team of the account, without being a member.
      expect((await users.overview(owner.id)).teams.map((t) => [t.name, t.role])).toEqual([
        ['Design', null],
        ['Growth', null],
      ]);

      await expect(users.administeredAccount(await actors.load(owner.id), org.key)).resolves.toEqual({
        id: org.id,
        key: org.key,
        name: 'Acme Studio',
      });
      await expect(users.administeredAccount(await actors.load(user.id), org.key)).rejects.toThrow(
        NotFoundError,
      );
      await expect(users.administeredAccount(await actors.load(owner.id), 'acNoSuchOne1')).rejects.toThrow(
        NotFoundError,
      );
      await expect(users.memberAccountId(await actors.load(user.id), org.key)).resolves.toBe(org.id);
      const outsider = await signUp('outsider@example.com');
      await expect(users.memberAccountId(await actors.load(outsider.id), org.key)).rejects.toThrow(
        InvalidInputError,
      );
    });
  });
});
