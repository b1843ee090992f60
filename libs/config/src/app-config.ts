import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The names express (proxy-addr) gives to address ranges a proxy may be trusted by. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxyRangeNames. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxySetting = z.union([
  z.string().regex(/^\d+$/).transform(Number),
  z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .refine((entries) => entries.every(isProxyAddress), {
      error:
        'TRUST_PROXY takes a hop count (e.g. 1) or comma-separated proxy addresses, CIDRs or loopback, linklocal, uniquelocal',
    }),
]);

/** Environment variables Folio reads, with their defaults: docs/configuration.md documents each. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SITES_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'SITES_BASE_URL must be an http(s) origin' }).optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('./.data'),
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEED_DEMO: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  DEMO_PASSWORD: z.string().min(8).default('folio-demo'),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(logLevels).optional()),
  COOKIE_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional(),
  ),
  OUTBOUND_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, booleanFlag.default(false)),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxySetting.default(['loopback'])),
  TRUST_FORWARDED_HOST: z.preprocess(emptyAsUndefined, booleanFlag.default(false)),
  MCP_ALLOWED_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url({
            protocol: /^https?$/,
            error: 'MCP_ALLOWED_ORIGINS takes http(s) origins, comma-separated',
          }),
        ),
      )
      .default([]),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
  ),
  JOBS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'JOBS_PREFIX takes letters, digits, _ and -')
    .default('folio'),
  // Metrics: a bearer token /metrics requires when set; the worker's metrics port (it has no other HTTP).
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
  STORAGE_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  CHROMIUM_PATH: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Rate limits (0 turns one off): per API key and per client IP a minute, registrations per IP an hour.
  // Verified API keys held in memory (0 turns the cache off: every request reads its key from the database).
  PRINCIPAL_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  // Project snapshots and section-export answers held in memory, by project revision (0 turns one off).
  SNAPSHOT_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(100),
  EXPORT_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(200),
  // MCP answers made of stored data, kept until the database announces a change (0 turns them off).
  MCP_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(100_000).default(64),
  // Megabytes of designs (pixels and resources) that implementation checks keep rendered (0 turns it off).
  CHECK_DESIGN_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(256),
  RATE_LIMIT_KEY_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(300),
  RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  RATE_LIMIT_VERSIONS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(10),
  RATE_LIMIT_EDITS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  RATE_LIMIT_IMPLEMENTATION_CHECKS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(10),
  AI_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).default('offline'),
  AI_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  AI_IMAGE_MODEL: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  AI_PAGE_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(10),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(50),
  // Set but empty means nobody (not the demo default).
  ADMIN_EMAILS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.normalize('NFC').trim().toLowerCase())
        .filter(Boolean),
    )
    .optional(),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  port: number;
  /** The one public origin: OAuth issuer and MCP resource origin. No trailing slash. */
  publicBaseUrl: string;
  /**
   * The origin of published sites and embed scripts (`SITES_BASE_URL`), on a host of its own so that
   * design content never runs beside the session cookie; `publicBaseUrl` when unset.
   */
  sitesBaseUrl: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  dataDir: string;
  /** Seed the demo data on start (standalone default true, elsewhere false). */
  seedDemo: boolean;
  demoPassword: string;
  logLevel: LogLevel;
  /**
   * Let outbound requests (webhooks, fetched URLs) reach private, loopback and link-local addresses.
   * Off by default: only tests and local setups whose receivers live on the same network turn it on.
   */
  outboundAllowPrivate: boolean;
  /**
   * Origins besides PUBLIC_BASE_URL's whose browser pages may call the MCP endpoint (e.g. a local MCP
   * Inspector). Requests without an Origin header (server-side connectors, scripts) are not affected.
   */
  mcpAllowedOrigins: string[];
  /**
   * Which peers' X-Forwarded-For is believed for the client address (rate limits, logs), as express's
   * `trust proxy`: a hop count (the client is that many addresses from the right; `0` ignores the header),
   * or the proxies' addresses, CIDRs and range names. Loopback only by default.
   */
  trustProxy: number | string[];
  /**
   * Whether the sites origin split (`sitesBaseUrl`) reads the host from `X-Forwarded-Host` when the peer
   * is a proxy `trustProxy` trusts; off, it reads the request's own `Host`. Only for proxies that set the
   * header themselves, overwriting the client's, and do not forward the client's `Host`.
   */
  trustForwardedHost: boolean;
  /**
   * How many verified API keys (with their user's roles) an instance holds in memory, dropped on every
   * instance when a key, membership or team role changes; `0` reads every request's key from the database.
   */
  principalCacheSize: number;
  /**
   * How many project snapshots (as read at a revision) and get_project_sections answers an instance holds
   * in memory; a write moves the project to a new revision, so an entry is never served after it. `0` each
   * turns its cache off.
   */
  snapshotCacheSize: number;
  exportCacheSize: number;
  /**
   * Megabytes of MCP answers made of stored data (find_projects, get_project_sections) an instance keeps and
   * sends again until the database announces a change; `0` keeps none of them.
   */
  mcpAnswerCacheMb: number;
  /**
   * Megabytes of rendered designs an instance keeps for implementation checks (their pixels at each width
   * and the resources they loaded), least recently used out first; `0` renders the design on every check.
   */
  checkDesignCacheMb: number;
  /** Queues and their Redis: BullMQ on `redisUrl` with processes under `apps/worker`, else in-process. */
  jobs: { redisUrl: string | null; prefix: string };
  /**
   * `GET /metrics` (Prometheus): `token`, when set, is required as `Authorization: Bearer <token>`;
   * `workerPort` is where `apps/worker`, which serves nothing else over HTTP, answers it (unset: nowhere).
   */
  metrics: { token: string | null; workerPort: number | null };
  /** Where blobs (screenshots, images) live: a local directory, or an S3-compatible bucket. */
  storage: LocalStorageConfig | S3StorageConfig;
  /** Headless Chromium that renders section screenshots. */
  /** Unset: Debian's Chromium when installed, else the npm-shipped one (`chromiumExecutable`). */
  chromiumPath: string | null;
  /** People (lower-cased emails) who may open the operators' pages, such as the queue dashboard. */
  adminEmails: string[];
  /**
   * Requests allowed per window, `0` meaning no limit: per API key on the routes that take one, per client
   * IP on every route but probes and static files, dynamic client registrations per IP, caller image
   * URLs that AI generation checks (each an outbound request or two) per API key, and new versions (each
   * owing a screenshot per section) per project, and edit_project calls per project.
   */
  rateLimits: {
    perKeyPerMinute: number;
    perIpPerMinute: number;
    registrationsPerHour: number;
    aiImageProbesPerKeyPerMinute: number;
    versionsPerProjectPerMinute: number;
    editsPerProjectPerMinute: number;
    implementationChecksPerKeyPerMinute: number;
  };
  /** AI page generation: which composer writes pages, which model makes images, what a page costs. */
  ai: AiConfig;
  /**
   * Signs browser cookies (CSRF tokens). COOKIE_SECRET, else a secret generated once and kept in
   * `$DATA_DIR/secrets.json`; read lazily, so loading the config alone touches no file.
   */
  readonly cookieSecret: string;
}

/**
 * `offline` composes pages and draws images here, with no network. The others call the provider's API
 * (`baseUrl` for a proxy or an OpenAI-compatible server); images come from the provider when it has an
 * image API (openai, openai-compatible) and `imageModel` is set, else from the local generator.
 */
export type AiConfig =
  | ({ provider: 'offline' } & AiBudget)
  | ({
      provider: 'openai' | 'anthropic' | 'openai-compatible';
      baseUrl: string | null;
      apiKey: string | null;
      model: string;
      imageModel: string | null;
    } & AiBudget);

export interface AiBudget {
  /** Credits a generated page costs, before its images (1 each). */
  pageCredits: number;
  /**
   * How long a create call with `ai` may take before generation counts as failed (at most 60 s; 50 by
   * default, under the 60 s request timeout of MCP clients).
   */
  timeoutMs: number;
}

export interface LocalStorageConfig {
  kind: 'local';
  dir: string;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, …); unset means AWS. */
  endpoint: string | null;
  region: string;
  /** Both set, or neither (then the SDK's default credential chain). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** The demo owner, who may see the operators' pages of a demo install unless ADMIN_EMAILS says otherwise. */
const demoAdminEmail = 'owner@demo.folio.test';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What differs between the standalone start and the separate apps when the environment is silent. */
export interface AppDefaults {
  seedDemo: boolean;
  logLevel?: LogLevel;
}

/** Parses and validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>, defaults: AppDefaults): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO ?? defaults.seedDemo;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config = {
    port: e.PORT,
    publicBaseUrl,
    sitesBaseUrl: sitesBaseUrl(e.SITES_BASE_URL, publicBaseUrl),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(e.PGLITE_DIR ?? `${dataDir}/pglite`) },
    dataDir,
    seedDemo,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL ?? defaults.logLevel ?? 'info',
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    mcpAllowedOrigins: e.MCP_ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    trustProxy: e.TRUST_PROXY,
    trustForwardedHost: e.TRUST_FORWARDED_HOST,
    principalCacheSize: e.PRINCIPAL_CACHE_SIZE,
    snapshotCacheSize: e.SNAPSHOT_CACHE_SIZE,
    exportCacheSize: e.EXPORT_CACHE_SIZE,
    mcpAnswerCacheMb: e.MCP_ANSWER_CACHE_MB,
    checkDesignCacheMb: e.CHECK_DESIGN_CACHE_MB,
    jobs: { redisUrl: e.REDIS_URL ?? null, prefix: e.JOBS_PREFIX },
    metrics: { token: e.METRICS_TOKEN ?? null, workerPort: e.METRICS_PORT ?? null },
    storage: storageConfig(e, dataDir),
    chromiumPath: e.CHROMIUM_PATH ?? null,
    adminEmails: e.ADMIN_EMAILS ?? (seedDemo ? [demoAdminEmail] : []),
    rateLimits: {
      perKeyPerMinute: e.RATE_LIMIT_KEY_PER_MINUTE,
      perIpPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      registrationsPerHour: e.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
      aiImageProbesPerKeyPerMinute: e.RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE,
      versionsPerProjectPerMinute: e.RATE_LIMIT_VERSIONS_PER_MINUTE,
      editsPerProjectPerMinute: e.RATE_LIMIT_EDITS_PER_MINUTE,
      implementationChecksPerKeyPerMinute: e.RATE_LIMIT_IMPLEMENTATION_CHECKS_PER_MINUTE,
    },
    ai: aiConfig(e),
  };
  let cookieSecret = e.COOKIE_SECRET;
  return Object.defineProperty(config, 'cookieSecret', {
    enumerable: true,
    get: () => (cookieSecret ??= storedSecret(dataDir, 'cookieSecret', 'COOKIE_SECRET')),
  }) as AppConfig;
}

/**
 * SITES_BASE_URL's origin, or PUBLIC_BASE_URL. Cookies are told apart by host, not by port: a sites
 * origin on the public host would receive the session cookie, so it must name another host.
 */
function sitesBaseUrl(configured: string | undefined, publicBaseUrl: string): string {
  if (!configured) return publicBaseUrl;
  const sites = new URL(configured);
  const main = new URL(publicBaseUrl);
  if (sites.origin === main.origin) return publicBaseUrl;
  if (sites.hostname === main.hostname) {
    throw new ConfigError(
      `Invalid configuration:\n  SITES_BASE_URL: must name another host than PUBLIC_BASE_URL (${main.hostname}), whose cookies it would receive`,
    );
  }
  return sites.origin;
}

const defaultModels = { openai: 'gpt-4o-mini', anthropic: 'claude-haiku-4-5' } as const;

function aiConfig(e: z.output<typeof envSchema>): AiConfig {
  const budget = { pageCredits: e.AI_PAGE_CREDITS, timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000) };
  if (e.AI_PROVIDER === 'offline') return { provider: 'offline', ...budget };
  const model =
    e.AI_MODEL ?? (e.AI_PROVIDER === 'openai-compatible' ? undefined : defaultModels[e.AI_PROVIDER]);
  const problems = [
    ...(model ? [] : ['AI_MODEL: set it to the model name the server serves']),
    ...(e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL
      ? ['AI_BASE_URL: openai-compatible needs the server address (e.g. http://localhost:11434/v1)']
      : []),
  ];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    provider: e.AI_PROVIDER,
    baseUrl: e.AI_BASE_URL ?? null,
    apiKey: e.AI_API_KEY ?? null,
    model: model!,
    imageModel: e.AI_IMAGE_MODEL ?? null,
    ...budget,
  };
}

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): AppConfig['storage'] {
  if (!e.S3_BUCKET) return { kind: 'local', dir: resolve(e.STORAGE_DIR ?? `${dataDir}/blobs`) };
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    // Custom endpoints are mostly path-style (MinIO); AWS itself wants virtual-hosted buckets.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  };
}

export function secretsPath(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}

/**
 * A secret kept in `$DATA_DIR/secrets.json` (mode 0600) under `name`: read when present, otherwise
 * generated (32 random bytes, hex) and added to the file. Generating logs one warning naming
 * `variable`, the environment variable that should carry it when several processes (replicas) share it.
 */
export function storedSecret(dataDir: string, name: string, variable: string): string {
  const path = secretsPath(dataDir);
  let secrets: Record<string, unknown> = {};
  try {
    secrets = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`${path} is unreadable (${(error as Error).message}); fix or delete it.`);
    }
  }
  const logger = new Logger('Config');
  const stored = secrets[name];
  if (typeof stored === 'string' && stored.length >= 32) {
    logger.log(`${variable} is not set: using the secret generated earlier in ${path}.`);
    return stored;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  // Written aside and renamed, so a crash never leaves a half-written file that loses the other secrets.
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify({ ...secrets, [name]: secret }, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, path);
  logger.warn(
    `${variable} is not set: generated a secret and stored it in ${path}. Set ${variable} when several processes must share it.`,
  );
  return secret;
}
