import { describe, expect, it } from '@jest/globals';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import helmet from 'helmet';
import { securityHeaders } from './security-headers.js';

/** The headers helmet sets with these options on one response. */
function headersFor(publicBaseUrl: string, options?: Parameters<typeof securityHeaders>[1]) {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(securityHeaders(publicBaseUrl, options))({} as IncomingMessage, res, () => {});
  return headers;
}

describe(securityHeaders.name, () => {
  it('sends HSTS and upgrades insecure requests behind an https base URL', () => {
    const headers = headersFor('https://folio.example');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('does neither on a plain-http deployment, where no port speaks TLS', () => {
    const headers = headersFor('http://folio.lan:3000');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('adds an app’s directives to the defaults and sets its frame option', () => {
    const headers = headersFor('https://folio.example', {
      directives: { frameAncestors: ["'none'"] },
      frameOptions: 'deny',
    });
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
  });
});
