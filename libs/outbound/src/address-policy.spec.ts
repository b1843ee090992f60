import { describe, expect, it } from '@jest/globals';
import { isPublicAddress } from './address-policy.js';

describe(isPublicAddress.name, () => {
  it('refuses private, loopback, link-local and reserved addresses, in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '[::1]',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      'fec0::1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses every special-purpose range, whatever address it embeds', () => {
    for (const [range, addresses] of Object.entries({
      'IPv4 shared (carrier-grade NAT)': ['100.64.0.1', '100.127.255.254'],
      'IPv4 protocol assignments': ['192.0.0.8'],
      'IPv4 documentation': ['192.0.2.1', '198.51.100.7', '203.0.113.9'],
      'IPv4 6to4 relay anycast': ['192.88.99.1', '192.88.99.255'],
      'IPv4 benchmarking': ['198.18.0.1', '198.19.255.255'],
      'IPv4 reserved': ['240.0.0.1'],
      'IPv4-compatible IPv6': ['::7f00:1', '[::7f00:1]', '::127.0.0.1', '::a00:1', '::808:808', '::2'],
      'IPv4-translated IPv6': ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:808:808'],
      'local-use NAT64': ['64:ff9b:1::7f00:1', '64:ff9b:1::808:808'],
      '6to4': ['2002:7f00:1::1', '2002:808:808::1', '2002::'],
      Teredo: ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
      'IPv6 protocol assignments': ['2001:2::1', '2001:20::1', '2001:1ff::1'],
      'IPv6 documentation': ['2001:db8::1', '3fff::1'],
      'IPv6 discard': ['100::1'],
      'IPv6 outside global unicast (2000::/3)': ['4000::1', 'e000::1', '1::1'],
      'a scoped (zoned) address': ['2a00:1450::1%eth0', 'fe80::1%eth0'],
    })) {
      for (const address of addresses) {
        expect([range, address, isPublicAddress(address)]).toEqual([range, address, false]);
      }
    }
  });

  it('accepts public unicast addresses', () => {
    for (const address of [
      '93.184.215.14',
      '1.1.1.1',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '[2a00:1450::1]',
      '64:ff9b::808:808',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '2001:200::1',
      '2c0f:f248::1',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
  });
});
