// Stopping and starting the Redis and PostgreSQL servers a fault bench runs on, and always starting them
// again. Defaults are this machine's own commands; a dry run against private servers overrides them with
// REDIS_START_COMMAND, PG_STOP_COMMAND and PG_START_COMMAND.
import { exec } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(exec);

export interface Service {
  name: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  isUp(): Promise<boolean>;
}

async function succeeds(command: string): Promise<boolean> {
  return run(command, { timeout: 5_000 }).then(
    () => true,
    () => false,
  );
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function service(name: string, commands: { stop: string; start: string; check: string }): Service {
  const isUp = () => succeeds(commands.check);
  return {
    name,
    isUp,
    stop: async () => {
      await run(commands.stop);
      await waitFor(`${name} did not stop`, async () => !(await isUp()));
    },
    start: async () => {
      await run(commands.start);
      await waitFor(`${name} did not come back`, isUp);
    },
  };
}

export function redisService(redisUrl: string): Service {
  const { hostname, port } = new URL(redisUrl);
  const cli = `redis-cli -h ${hostname} -p ${port || 6379}`;
  return service('Redis', {
    stop: `${cli} shutdown nosave`,
    start:
      process.env.REDIS_START_COMMAND ??
      `redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${port || 6379} --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log`,
    check: `${cli} ping | grep -q PONG`,
  });
}

export function postgresService(databaseUrl: string): Service {
  const { hostname, port } = new URL(databaseUrl);
  const cluster = () => `pg_ctlcluster --skip-systemctl-redirect ${readdirSync('/etc/postgresql')[0]} main`;
  return service('PostgreSQL', {
    stop: process.env.PG_STOP_COMMAND ?? `${cluster()} stop`,
    start: process.env.PG_START_COMMAND ?? `${cluster()} start`,
    check: `pg_isready -q -h ${hostname} -p ${port || 5432}`,
  });
}

/**
 * Runs `work`, which stops `target` at some point; whatever happens (an error, Ctrl-C), the service is
 * started again before this returns, so the machine is left as it was found.
 */
export async function withServiceRestored<T>(target: Service, work: () => Promise<T>): Promise<T> {
  const restore = async () => {
    if (!(await target.isUp())) await target.start();
  };
  const interrupted = () => {
    console.error(`\nInterrupted: starting ${target.name} again before exiting.`);
    void restore().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await work();
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await restore();
  }
}
