// The helmet policy of every Folio app, with what depends on PUBLIC_BASE_URL being https in one place.
import { type HelmetOptions } from 'helmet';

type CspDirectives = NonNullable<
  Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']
>;

export interface SecurityHeaderOptions {
  /** Directives on top of helmet's default Content-Security-Policy. */
  directives?: CspDirectives;
  /** X-Frame-Options, for browsers that ignore CSP `frame-ancestors`; default `sameorigin`. */
  frameOptions?: 'deny' | 'sameorigin';
}

/**
 * helmet's defaults, except that HSTS and `upgrade-insecure-requests` are sent only when the public base
 * URL is https: on a plain-http deployment (a LAN, localhost) they would send browsers to a port that
 * does not speak TLS.
 */
export function securityHeaders(publicBaseUrl: string, options: SecurityHeaderOptions = {}): HelmetOptions {
  const secure = publicBaseUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { ...options.directives, upgradeInsecureRequests: secure ? [] : null },
    },
    strictTransportSecurity: secure ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: options.frameOptions ?? 'sameorigin' },
  };
}
