import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config.js';

describe(loadConfig.name, () => {
  it('defaults to the embedded database under ./.data and a localhost base URL', () => {
    const config = loadConfig({}, { seedDemo: true });
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: resolve('.data/pglite') });
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe('folio-demo');
  });

  it('derives the base URL from PORT and strips a trailing slash from PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PORT: '4100' }, { seedDemo: false }).publicBaseUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://folio.example/' }, { seedDemo: false }).publicBaseUrl).toBe(
      'https://folio.example',
    );
  });

  it('chooses PostgreSQL for a postgres:// DATABASE_URL and honours PGLITE_DIR otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }, { seedDemo: false }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1/db',
      poolSize: 10,
    });
    expect(loadConfig({ PGLITE_DIR: '/tmp/folio-pg' }, { seedDemo: false }).database).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/folio-pg',
    });
  });

  it('takes the log level from LOG_LEVEL, else from the app default, else info', () => {
    expect(loadConfig({}, { seedDemo: false }).logLevel).toBe('info');
    expect(loadConfig({}, { seedDemo: true, logLevel: 'warn' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'debug' }, { seedDemo: true, logLevel: 'warn' }).logLevel).toBe('debug');
  });

  it('lets SEED_DEMO override the app default', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }, { seedDemo: true }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }, { seedDemo: false }).seedDemo).toBe(true);
  });

  it('names every invalid variable at once', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }, { seedDemo: false });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL must be a postgres[\s\S]*LOG_LEVEL/);
  });
});
