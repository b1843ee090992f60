import { describe, expect, it } from '@jest/globals';
import { BlockedAddressError } from '#folio/outbound';
import { failureReason } from './section-capture-resources.js';
import { CaptureWarnings } from './section-capture-warnings.js';

const withCode = (code: string) => Object.assign(new Error(`getaddrinfo ${code} x`), { code });

describe(failureReason.name, () => {
  it.each([
    {
      error: new BlockedAddressError('http://10.0.0.1/a.png', '10.0.0.1'),
      reason: 'it points to a private or local network address',
    },
    { error: withCode('ENOTFOUND'), reason: 'its host name does not exist' },
    { error: withCode('ECONNREFUSED'), reason: 'the connection was refused' },
    { error: withCode('CERT_HAS_EXPIRED'), reason: 'its TLS certificate was not accepted' },
    { error: new DOMException('The operation timed out.', 'TimeoutError'), reason: 'no answer within 5 s' },
    {
      error: new Error('Response from https://x/y.png is larger than 10485760 bytes.'),
      reason: 'larger than 10 MiB',
    },
    {
      error: new Error('Too many redirects (more than 3) from https://x/y.png.'),
      reason: 'too many redirects',
    },
    { error: new Error('something\n    at internals (file.js:1:1)'), reason: 'network error' },
  ])('says "$reason"', ({ error, reason }) => {
    expect(failureReason(error)).toBe(reason);
  });
});

describe(CaptureWarnings.name, () => {
  it('keeps each message once and lists at most 20, counting the rest', () => {
    const warnings = new CaptureWarnings();
    for (let i = 0; i < 25; i++) warnings.add(`Image ${i} could not be loaded`);
    warnings.add('Image 0 could not be loaded');
    warnings.add('Image 24 could not be loaded');

    const list = warnings.list();

    expect(list).toHaveLength(21);
    expect(list[19]).toBe('Image 19 could not be loaded');
    expect(list[20]).toBe('5 more warnings are not listed.');
  });
});
