// Folio laid out as production runs it (docs/design.md §2), on one machine: one auth, several api and worker
// processes started from the build (`npm run build`), behind one base URL served by the path-routing
// proxy. Each process logs to <dataDir>/logs/<name>.log.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '#folio/testing';
import { type RunningProxy, startPathRoutingProxy, type Upstreams } from './path-routing-proxy.js';

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** DATA_DIR of every process; blobs go to <dataDir>/blobs, logs to <dataDir>/logs. */
  dataDir: string;
  jobsPrefix: string;
  apis?: number;
  workers?: number;
  /** More environment for every process, e.g. `RATE_LIMIT_KEY_PER_MINUTE: '0'`. */
  env?: Record<string, string>;
  /** `process` (benches): the proxy gets its own event loop; `in-process` (tests): it runs in this one. */
  proxy?: 'process' | 'in-process';
}

export interface AppInstance {
  /** e.g. api-1, the name the proxy reports in `x-folio-upstream`. */
  name: string;
  /** The instance's own origin, bypassing the proxy; null for workers (no HTTP). */
  url: string | null;
  pid: number;
  logFile: string;
}

export interface Topology {
  /** PUBLIC_BASE_URL of every process: the proxy. */
  baseUrl: string;
  auth: AppInstance;
  apis: AppInstance[];
  workers: AppInstance[];
  stop(): Promise<void>;
}

const startupTimeoutMs = 120_000;

function entryPoint(app: 'api' | 'auth' | 'worker'): string {
  const path = join(process.cwd(), `dist/apps/${app}/src/main.js`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return path;
}

interface Child {
  instance: AppInstance;
  process: ChildProcess;
}

function spawnChild(
  name: string,
  script: string,
  env: Record<string, string | undefined>,
  logDir: string,
  url: string | null,
): Child {
  const logFile = join(logDir, `${name}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  return { instance: { name, url, pid: child.pid!, logFile }, process: child };
}

function logTail(logFile: string): string {
  return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
}

/** Resolves once `ready()` holds; rejects, with the end of its log, if the child exits first or is too slow. */
async function waitReady(child: Child, ready: () => Promise<boolean>): Promise<void> {
  const { instance, process: running } = child;
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (running.exitCode !== null || running.signalCode !== null) {
      throw new Error(
        `${instance.name} exited (${running.exitCode ?? running.signalCode}):\n${logTail(instance.logFile)}`,
      );
    }
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${instance.name} was not ready within ${startupTimeoutMs / 1000} s:\n${logTail(instance.logFile)}`,
  );
}

const answersOk = async (url: string) => (await fetch(url)).ok;

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const logDir = join(options.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const proxyPort = await freePort();
  const baseUrl = `http://127.0.0.1:${proxyPort}`;
  const shared = {
    PATH: process.env.PATH,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATA_DIR: options.dataDir,
    STORAGE_DIR: join(options.dataDir, 'blobs'),
    PUBLIC_BASE_URL: baseUrl,
    JOBS_PREFIX: options.jobsPrefix,
    CHROMIUM_PATH: process.env.CHROMIUM_PATH,
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const children: Child[] = [];
  const killAll = () => children.forEach((child) => child.process.kill('SIGKILL'));
  process.once('exit', killAll);
  let inProcessProxy: RunningProxy | undefined;

  const startApp = async (app: 'api' | 'auth', name: string) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawnChild(name, entryPoint(app), { ...shared, PORT: String(port) }, logDir, url);
    children.push(child);
    await waitReady(child, () => answersOk(`${url}/readyz`));
    return child.instance;
  };
  const startWorker = async (name: string) => {
    // Workers serve no HTTP: their "worker started" log line (info) says they are up.
    const child = spawnChild(name, entryPoint('worker'), { ...shared, LOG_LEVEL: 'info' }, logDir, null);
    children.push(child);
    await waitReady(child, async () =>
      readFileSync(child.instance.logFile, 'utf8').includes('worker started'),
    );
    return child.instance;
  };

  const stop = async () => {
    await inProcessProxy?.close();
    await Promise.all(children.map((child) => stopChild(child.process)));
    process.removeListener('exit', killAll);
  };

  try {
    const [auth, apis, workers] = await Promise.all([
      startApp('auth', 'auth'),
      Promise.all(Array.from({ length: options.apis ?? 2 }, (_, i) => startApp('api', `api-${i + 1}`))),
      Promise.all(Array.from({ length: options.workers ?? 2 }, (_, i) => startWorker(`worker-${i + 1}`))),
    ]);
    const upstreams: Upstreams = {
      api: apis.map(({ name, url }) => ({ name, url: url! })),
      auth: [{ name: auth.name, url: auth.url! }],
    };
    if (options.proxy === 'in-process') {
      inProcessProxy = await startPathRoutingProxy(upstreams, proxyPort);
    } else {
      const script = fileURLToPath(new URL('./proxy-main.js', import.meta.url));
      const env = {
        PATH: process.env.PATH,
        PORT: String(proxyPort),
        PROXY_UPSTREAMS: JSON.stringify(upstreams),
      };
      const proxy = spawnChild('proxy', script, env, logDir, baseUrl);
      children.push(proxy);
      await waitReady(proxy, () => answersOk(`${baseUrl}/healthz`));
    }
    return { baseUrl, auth, apis, workers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
