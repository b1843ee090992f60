import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type AppName, appForPath, authRoutes } from './route-table.js';

/**
 * The compose proxy (deploy/proxy/nginx.conf) must route exactly like `appForPath` (docs/design.md §2). This reads
 * the nginx config, models nginx's location matching for the forms it uses (`location = …`,
 * `location ^~ …`, plain prefixes; regex locations are refused) and compares the two.
 */

const confPath = resolve(process.cwd(), 'deploy/proxy/nginx.conf');

interface Location {
  modifier: '=' | '^~' | '';
  path: string;
  app: AppName;
}

function stripComments(text: string): string {
  return text.replace(/(^|\s)#.*$/gm, '$1');
}

function parseProxyConfig(text: string): Location[] {
  const conf = stripComments(text);

  // `set $api_upstream http://api:3000;` → which app each upstream variable points at.
  const upstreams = new Map<string, AppName>();
  for (const [, variable, host] of conf.matchAll(/\bset\s+\$(\w+)\s+https?:\/\/([\w.-]+)(?::\d+)?\/?\s*;/g)) {
    if (host === 'api' || host === 'auth') upstreams.set(variable, host);
  }

  const locations: Location[] = [];
  for (const [, modifier = '', path, body] of conf.matchAll(
    /\blocation\s+(?:(=|\^~|~\*?)\s+)?(\S+)\s*\{([^{}]*)\}/g,
  )) {
    if (modifier.startsWith('~')) throw new Error(`regex location "${path}" is not modelled by this test`);
    const target = /\bproxy_pass\s+\$(\w+)\s*;/.exec(body)?.[1];
    const app = target === undefined ? undefined : upstreams.get(target);
    if (!app) throw new Error(`location ${modifier} ${path} does not proxy_pass to $api/$auth upstream`);
    locations.push({ modifier: modifier as Location['modifier'], path, app });
  }
  return locations;
}

/** nginx's choice among exact and prefix locations, including its 301 for a proxied "/x/" asked as "/x". */
function nginxRoute(locations: Location[], url: string): AppName | 'redirect' | 'none' {
  const path = url.split('?', 1)[0];
  const exact = locations.find((l) => l.modifier === '=' && l.path === path);
  if (exact) return exact.app;
  const prefixes = locations.filter((l) => l.modifier !== '=' && path.startsWith(l.path));
  if (locations.some((l) => l.modifier !== '=' && l.path === `${path}/`)) return 'redirect';
  const longest = prefixes.sort((a, b) => b.path.length - a.path.length)[0];
  return longest ? longest.app : 'none';
}

const locations = parseProxyConfig(readFileSync(confPath, 'utf8'));
const sorted = (values: readonly string[]) => [...values].sort();

describe('deploy/proxy/nginx.conf', () => {
  it('points its upstream variables at the api and auth services', () => {
    const conf = stripComments(readFileSync(confPath, 'utf8'));
    expect(conf).toMatch(/\bset\s+\$\w+\s+http:\/\/api:3000\s*;/);
    expect(conf).toMatch(/\bset\s+\$\w+\s+http:\/\/auth:3000\s*;/);
  });

  it('sends exactly the exact auth paths of the route table to auth', () => {
    const exactToAuth = locations.filter((l) => l.modifier === '=' && l.app === 'auth').map((l) => l.path);
    expect(sorted(exactToAuth)).toEqual(sorted(authRoutes.exact));
  });

  it('sends exactly the auth prefixes of the route table to auth, as ^~ locations', () => {
    const prefixesToAuth = locations.filter((l) => l.modifier !== '=' && l.app === 'auth');
    expect(prefixesToAuth.every((l) => l.modifier === '^~')).toBe(true);
    expect(sorted(prefixesToAuth.map((l) => l.path))).toEqual(sorted(authRoutes.prefixes));
  });

  it('sends everything else to api through `location /`', () => {
    expect(locations).toContainEqual({ modifier: '', path: '/', app: 'api' });
    expect(locations.filter((l) => l.app === 'api' && l.modifier !== '=')).toEqual([
      { modifier: '', path: '/', app: 'api' },
    ]);
  });

  it.each([
    ['/v2/mcp', 'api'],
    ['/oauth/token', 'auth'],
    ['/account/keys', 'auth'],
    ['/.well-known/oauth-protected-resource/v2/mcp', 'api'],
    ['/.well-known/oauth-authorization-server', 'auth'],
    ['/sites/x/', 'api'],
    ['/sites/x/sitemap.xml', 'api'],
    ['/robots.txt', 'api'],
  ] as const)('routes %s to %s, like appForPath', (path, app) => {
    expect(appForPath(path)).toBe(app);
    expect(nginxRoute(locations, path)).toBe(app);
  });

  it('agrees with appForPath on the edges of every auth route and on the api paths of docs/design.md §2', () => {
    const samples = new Set<string>([
      '/',
      '/v2/mcp',
      '/v2/mcp?x=1',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/v2/mcp',
      '/.well-known/oauth-authorization-server/extra',
      '/project/create-from-template/t1?workspaceKey=w',
      '/embed/p/q.js',
      '/sites/demo/about',
      '/editor/p/q',
      '/assets/a.png',
      '/docs',
      '/healthz',
      '/readyz',
      '/metrics',
      '/account',
      '/account?tab=keys',
      '/accounts',
      '/login?next=/account/keys',
    ]);
    for (const path of authRoutes.exact) {
      for (const sample of [path, `${path}/`, `${path}x`, `${path}?q=1`]) samples.add(sample);
    }
    for (const prefix of authRoutes.prefixes) {
      const root = prefix.slice(0, -1);
      for (const sample of [prefix, `${prefix}x/y`, `${prefix}?q=1`, root, `${root}x`, `${root}?q=1`]) {
        samples.add(sample);
      }
    }
    const disagreements = [...samples]
      .map((path) => ({ path, appForPath: appForPath(path), nginx: nginxRoute(locations, path) }))
      .filter((row) => row.appForPath !== row.nginx);
    expect(disagreements).toEqual([]);
  });
});
