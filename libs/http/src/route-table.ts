/**
 * Which app answers a path (docs/design.md §2). The standalone process dispatches with it and the
 * compose proxy (deploy/proxy/nginx.conf) mirrors it; a test keeps the two in agreement.
 */
export type AppName = 'api' | 'auth';

/** Exact paths, and path prefixes (anything below them), served by apps/auth. */
export const authRoutes = {
  exact: [
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/login',
    '/logout',
    '/signup',
    '/account',
  ],
  prefixes: ['/oauth/', '/interaction/', '/account/', '/auth-assets/'],
} as const;

export function appForPath(path: string): AppName {
  const pathname = path.split('?', 1)[0];
  if ((authRoutes.exact as readonly string[]).includes(pathname)) return 'auth';
  return authRoutes.prefixes.some((prefix) => pathname.startsWith(prefix)) ? 'auth' : 'api';
}
