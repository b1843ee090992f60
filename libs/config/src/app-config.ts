import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Environment variables Folio reads, with their defaults (README "Configuration" lists the same). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
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
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  port: number;
  /** The one public origin: OAuth issuer and MCP resource origin. No trailing slash. */
  publicBaseUrl: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  dataDir: string;
  /** Seed the demo data on start (standalone default true, elsewhere false). */
  seedDemo: boolean;
  demoPassword: string;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses and validates the environment; throws a ConfigError listing every bad variable. */
/** What differs between the standalone start and the separate apps when the environment is silent. */
export interface AppDefaults {
  seedDemo: boolean;
  logLevel?: LogLevel;
}

export function loadConfig(env: Record<string, string | undefined>, defaults: AppDefaults): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    publicBaseUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(e.PGLITE_DIR ?? `${dataDir}/pglite`) },
    dataDir,
    seedDemo: e.SEED_DEMO ?? defaults.seedDemo,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL ?? defaults.logLevel ?? 'info',
  };
}
