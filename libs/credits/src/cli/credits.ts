// `npm run credits -- grant|withdraw <key> <credits> --reason "…"` and `npm run credits -- balance <key>`:
// operators' grants and withdrawals from the server's shell, through OperatorCredits like the admin page,
// with the shell's login as the audit log's record of who did it.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, loadConfig } from '#folio/config';
import { DbModule } from '#folio/db';
import { DomainError } from '#folio/errors';
import { CreditsModule } from '../credits.module.js';
import { OperatorCredits, type ShellOperator } from '../operator-credits.service.js';

const usage = `Usage:
  npm run credits -- grant <accountOrTeamKey> <credits> --reason "…"
  npm run credits -- withdraw <accountOrTeamKey> <credits> --reason "…"
  npm run credits -- balance <accountOrTeamKey>`;

/** How many ledger entries `balance` prints, newest first. */
const balanceLines = 10;

type Command =
  | { name: 'grant' | 'withdraw'; key: string; amount: string; reason: string }
  | { name: 'balance'; key: string };

function commandOf(args: string[]): Command | null {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { reason: { type: 'string' } }, allowPositionals: true });
  } catch {
    return null;
  }
  const [name, key, amount, ...rest] = parsed.positionals;
  const { reason } = parsed.values;
  if (rest.length || !key) return null;
  if (name === 'balance') return amount === undefined && reason === undefined ? { name, key } : null;
  if ((name === 'grant' || name === 'withdraw') && amount !== undefined && reason !== undefined)
    return { name, key, amount, reason };
  return null;
}

/** Who is at the shell: their login name (a container without a passwd entry has only its uid). */
function shellUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

const timestamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

async function run(credits: OperatorCredits, command: Command): Promise<string> {
  const operator: ShellOperator = { shellUser: shellUser() };
  if (command.name === 'balance') {
    const pool = await credits.pool(operator, command.key);
    const lines = pool.lines
      .slice(0, balanceLines)
      .map((line) => `  ${timestamp(line.at)}  ${signed(line.delta).padStart(8)}  ${line.reason}`);
    return [`${pool.name} (${pool.key}, ${pool.kind}): ${pool.balance} credits`, ...lines].join('\n');
  }
  const { key, name: action, amount, reason } = command;
  const moved = await credits.move(operator, { key, action, amount, reason });
  const count = Math.abs(moved.delta);
  const credited = `${count} credit${count === 1 ? '' : 's'}`;
  const done = command.name === 'grant' ? `Granted ${credited} to` : `Withdrew ${credited} from`;
  return `${done} ${moved.name} (${moved.key}). Balance: ${moved.balance}.`;
}

const command = commandOf(process.argv.slice(2));
if (!command) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig(process.env, { seedDemo: false });
const app = await NestFactory.createApplicationContext(
  { module: class CreditsCli {}, imports: [ConfigModule.forRoot(config), DbModule, CreditsModule] },
  { logger: false },
);
try {
  console.log(await run(app.get(OperatorCredits), command));
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await app.close();
}
