import { describe, expect, it } from '@jest/globals';
import { contentPolicy } from './csp.js';

describe(contentPolicy.name, () => {
  it('allows only the named scripts, and upgrades requests only behind https', () => {
    const policy = contentPolicy({
      scriptSources: ["'sha256-abc'"],
      frameAncestors: "'none'",
      secure: false,
    });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("script-src-attr 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(contentPolicy({ scriptSources: [], frameAncestors: "'self'", secure: true })).toContain(
      'upgrade-insecure-requests',
    );
  });

  it('lets fonts load from Folio’s public origin, also when the document is reached under another one', () => {
    const policy = (publicBaseUrl?: string) =>
      contentPolicy({ scriptSources: [], frameAncestors: "'self'", secure: false, publicBaseUrl })
        .split('; ')
        .find((directive) => directive.startsWith('font-src'));
    expect(policy('http://folio.internal:3000/')).toBe(
      "font-src 'self' http://folio.internal:3000 data: https:",
    );
    expect(policy()).toBe("font-src 'self' data: https:");
    expect(policy('not a url')).toBe("font-src 'self' data: https:");
  });
});
