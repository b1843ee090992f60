import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, secretsPath } from './app-config.js';

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

  it('serves sites and embeds from SITES_BASE_URL, by default from PUBLIC_BASE_URL', () => {
    const env = { PUBLIC_BASE_URL: 'https://folio.example' };
    expect(loadConfig(env, { seedDemo: false }).sitesBaseUrl).toBe('https://folio.example');
    expect(
      loadConfig({ ...env, SITES_BASE_URL: 'https://sites.folio.example/' }, { seedDemo: false })
        .sitesBaseUrl,
    ).toBe('https://sites.folio.example');
  });

  it('refuses a SITES_BASE_URL on the host of PUBLIC_BASE_URL, whose cookies it would receive', () => {
    const env = { PUBLIC_BASE_URL: 'http://localhost:8080', SITES_BASE_URL: 'http://localhost:8081' };
    expect(() => loadConfig(env, { seedDemo: false })).toThrow(/SITES_BASE_URL: .*another host/);
    expect(() => loadConfig({ SITES_BASE_URL: 'ftp://sites.example' }, { seedDemo: false })).toThrow(
      /SITES_BASE_URL/,
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

  it('refuses private outbound addresses unless OUTBOUND_ALLOW_PRIVATE is true', () => {
    expect(loadConfig({}, { seedDemo: false }).outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '' }, { seedDemo: false }).outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }, { seedDemo: false }).outboundAllowPrivate).toBe(
      true,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'maybe' }, { seedDemo: false })).toThrow(
      /OUTBOUND_ALLOW_PRIVATE/,
    );
  });

  it('trusts X-Forwarded-For from loopback only, unless TRUST_PROXY names hops or proxy addresses', () => {
    const trustProxy = (value?: string) => loadConfig({ TRUST_PROXY: value }, { seedDemo: false }).trustProxy;
    expect(trustProxy()).toEqual(['loopback']);
    expect(trustProxy('')).toEqual(['loopback']);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('0')).toBe(0);
    expect(trustProxy(' 10.0.0.0/8, fd00::/8 ,192.168.1.7,loopback,uniquelocal ')).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
      'loopback',
      'uniquelocal',
    ]);
    for (const bad of [
      '-1',
      '1.5',
      'everyone',
      'true',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0/8',
      '10.0.0.1,',
    ]) {
      expect(() => trustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  it('bounds image probes and implementation checks per API key and new versions per project, each a minute, 0 meaning no limit', () => {
    expect(loadConfig({}, { seedDemo: false }).rateLimits).toMatchObject({
      aiImageProbesPerKeyPerMinute: 60,
      versionsPerProjectPerMinute: 10,
      implementationChecksPerKeyPerMinute: 10,
    });
    const set = {
      RATE_LIMIT_AI_IMAGE_PROBES_PER_MINUTE: '0',
      RATE_LIMIT_VERSIONS_PER_MINUTE: '3',
      RATE_LIMIT_IMPLEMENTATION_CHECKS_PER_MINUTE: '2',
    };
    expect(loadConfig(set, { seedDemo: false }).rateLimits).toMatchObject({
      aiImageProbesPerKeyPerMinute: 0,
      versionsPerProjectPerMinute: 3,
      implementationChecksPerKeyPerMinute: 2,
    });
    expect(() => loadConfig({ RATE_LIMIT_VERSIONS_PER_MINUTE: '-1' }, { seedDemo: false })).toThrow(
      /RATE_LIMIT_VERSIONS_PER_MINUTE/,
    );
  });

  it('holds 10,000 verified API keys in memory unless PRINCIPAL_CACHE_SIZE says otherwise, 0 turning it off', () => {
    expect(loadConfig({}, { seedDemo: false }).principalCacheSize).toBe(10_000);
    expect(loadConfig({ PRINCIPAL_CACHE_SIZE: '0' }, { seedDemo: false }).principalCacheSize).toBe(0);
    expect(() => loadConfig({ PRINCIPAL_CACHE_SIZE: '-1' }, { seedDemo: false })).toThrow(
      /PRINCIPAL_CACHE_SIZE/,
    );
  });

  it('names every invalid variable at once', () => {
    const load = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }, { seedDemo: false });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL must be a postgres[\s\S]*LOG_LEVEL/);
  });
});

describe('config.cookieSecret', () => {
  const dirs: string[] = [];
  function dataDir() {
    const dir = mkdtempSync(join(tmpdir(), 'folio-config-'));
    dirs.push(dir);
    return dir;
  }
  afterEach(() => {
    jest.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses COOKIE_SECRET when set and writes no file', () => {
    const dir = dataDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, COOKIE_SECRET: secret }, { seedDemo: false }).cookieSecret).toBe(
      secret,
    );
    expect(existsSync(secretsPath(dir))).toBe(false);
  });

  it('refuses a COOKIE_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ COOKIE_SECRET: 'short' }, { seedDemo: false })).toThrow(
      /COOKIE_SECRET must be at least 32 characters/,
    );
  });

  it('generates a secret once, keeps it owner-only in $DATA_DIR/secrets.json and reuses it on later starts', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }, { seedDemo: false });
    expect(existsSync(secretsPath(dir))).toBe(false);

    expect(first.cookieSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.cookieSecret).toBe(first.cookieSecret);
    expect(statSync(secretsPath(dir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(secretsPath(dir), 'utf8'))).toEqual({ cookieSecret: first.cookieSecret });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/COOKIE_SECRET is not set: generated/);

    const later = loadConfig({ DATA_DIR: dir }, { seedDemo: false });
    expect(later.cookieSecret).toBe(first.cookieSecret);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(loadConfig({ DATA_DIR: dataDir() }, { seedDemo: false }).cookieSecret).not.toBe(
      first.cookieSecret,
    );
  });
});
