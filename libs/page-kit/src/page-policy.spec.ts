import { type ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { allowFormActions } from './page-policy.js';

const policy = "default-src 'self';form-action 'self';frame-ancestors 'none'";

/** The `form-action` a page's policy has after widening it to `sources`. */
function formActionAfter(sources: string[]): string | undefined {
  const headers = new Map<string, string>([['content-security-policy', policy]]);
  const res = {
    getHeader: (name: string) => headers.get(name),
    setHeader: (name: string, value: string) => headers.set(name, value),
  } as unknown as ServerResponse;
  allowFormActions(res, sources);
  return /form-action ([^;]*)/.exec(headers.get('content-security-policy')!)?.[1];
}

describe(allowFormActions.name, () => {
  it.each([
    'https://claude.ai',
    'https://connector.example:8443',
    'http://127.0.0.1:33418',
    'http://localhost:6274',
    'http://[::1]:8080',
  ])('widens form-action to %s', (origin) => {
    expect(formActionAfter([origin])).toBe(`'self' ${origin}`);
  });

  it.each([
    'http://evil.example',
    'http://localhost.evil.example',
    'http://10.0.0.1',
    'javascript:alert(1)',
    'https://evil.example; script-src *',
    '*',
  ])('never widens form-action to %s', (source) => {
    expect(formActionAfter([source])).toBe("'self'");
  });

  it('keeps the allowed sources of a mixed list', () => {
    expect(formActionAfter(['http://evil.example', 'https://claude.ai'])).toBe("'self' https://claude.ai");
  });
});
