// `npm run credits` from the build, against a test database: what an operator at the server's shell types,
// reads and leaves behind (the balance, the ledger, the audit events naming their login).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { PrismaClient } from '#folio/db';
import { IdentityModule } from '#folio/identity';
import { compileWithDatabase, createTestDatabase, newAccount, type TestDatabase } from '#folio/testing';
import { CreditsModule } from '../credits.module.js';

const cli = join(process.cwd(), 'dist/libs/credits/src/cli/credits.js');

describe('npm run credits', () => {
  let database: TestDatabase;
  let account: { id: string; key: string; name: string };

  /**
   * Runs `use` on the database, then lets go of it: the embedded database is one process's at a time, and
   * the command is another process.
   */
  async function withDatabase<T>(use: (app: TestingModule, prisma: PrismaClient) => Promise<T>): Promise<T> {
    const handle = await database.open();
    const prisma = new PrismaClient({ adapter: handle.adapter });
    const app = await compileWithDatabase({ config: database.config, prisma }, [
      IdentityModule,
      CreditsModule,
    ]);
    try {
      return await use(app, prisma);
    } finally {
      await app.close();
      await prisma.$disconnect();
      await handle.release();
    }
  }

  /** The command's exit code and what it printed. */
  async function credits(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { config } = database;
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.database.kind === 'postgres' ? config.database.url : undefined,
      LOG_LEVEL: 'warn',
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first.`);
    database = await createTestDatabase({ LOG_LEVEL: 'silent' });
    account = await withDatabase(async (app) => newAccount(app, { name: 'Harbor Coffee' }));
  });
  afterAll(() => database?.drop());

  it('grants and withdraws, and shows the balance and the ledger', async () => {
    const granted = await credits('grant', account.key, '500', '--reason', 'Launch promotion');
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe(`Granted 500 credits to ${account.name} (${account.key}). Balance: 500.\n`);
    const withdrawn = await credits('withdraw', account.key, '120', '--reason=Duplicate grant');
    expect(withdrawn.stdout).toBe(
      `Withdrew 120 credits from ${account.name} (${account.key}). Balance: 380.\n`,
    );

    const balance = await credits('balance', account.key);
    expect(balance.code).toBe(0);
    const lines = balance.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${account.name} (${account.key}, account): 380 credits`);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+-120 {2}Duplicate grant$/),
      expect.stringMatching(/^\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+\+500 {2}Launch promotion$/),
    ]);

    // Nobody is signed in at a shell: the events name the login that ran the command.
    const events = await withDatabase((_, prisma) =>
      prisma.auditEvent.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } }),
    );
    expect(events).toMatchObject([
      { action: 'credits.granted', actorUserId: null, data: { amount: 500, shellUser: userInfo().username } },
      { action: 'credits.withdrawn', actorUserId: null, data: { amount: 120, balance: 380 } },
    ]);
  });

  it('refuses to withdraw below zero, and a key that leads nowhere, changing nothing', async () => {
    const refused = await credits('withdraw', account.key, '1000', '--reason', 'Too much');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe(
      `amount: ${account.name} has 380 credits: withdrawing 1000 would take it below zero.\n`,
    );
    const missing = await credits('balance', 'acNoSuchPool1');
    expect(missing).toMatchObject({ code: 1, stderr: 'No account or team has the key acNoSuchPool1.\n' });
    expect((await credits('balance', account.key)).stdout).toMatch(/: 380 credits\n/);
  });

  it('explains itself when the command is incomplete or unknown', async () => {
    for (const args of [
      [],
      ['grant', account.key, '500'],
      ['grant', account.key, '--reason', 'No amount'],
      ['refund', account.key, '5', '--reason', 'x'],
      ['balance', account.key, '--force'],
    ]) {
      const outcome = await credits(...args);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain('npm run credits -- grant <accountOrTeamKey> <credits> --reason');
    }
    // Number() would read the hexadecimal and the exponent as 16 and 1000.
    for (const amount of ['lots', '0x10', '1e3', '+5', '2.5']) {
      const notANumber = await credits('grant', account.key, amount, '--reason', 'Many');
      expect(notANumber).toMatchObject({ code: 1 });
      expect(notANumber.stderr).toContain(
        'amount: Give a whole number of credits from 1 to 1,000,000, in digits only.',
      );
    }
    expect((await credits('balance', account.key)).stdout).toMatch(/: 380 credits\n/);
  });
});
