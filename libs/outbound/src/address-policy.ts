// Which addresses an outbound request may connect to: global unicast ones only. IPv6 is decided by an
// allow-list (the global unicast block 2000::/3, less its special-purpose parts); IPv4 has no such block,
// so it is every address outside the IANA special-purpose registry's blocks that are not globally reachable.
import { BlockList, isIP } from 'node:net';

type Subnet = [network: string, prefix: number];

/** IPv4 blocks that are not global unicast: private, loopback, link-local, shared, reserved, multicast. */
const nonGlobalIpv4: Subnet[] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated): reaches whichever relay is nearest
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 global unicast: every allocation to the registries lies in 2000::/3. */
const globalIpv6: Subnet[] = [['2000::', 3]];

/** The parts of 2000::/3 that are not global unicast. */
const nonGlobalIpv6: Subnet[] = [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, embeds an IPv4 address), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (deprecated): embeds any IPv4 address, reached through a relay
  ['3fff::', 20], // documentation
];

/**
 * IPv6 forms that connect to exactly the IPv4 address in their last 32 bits: decided by that address.
 * Other forms embedding an IPv4 address (IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96,
 * local-use NAT64 64:ff9b:1::/48) lie outside 2000::/3 and are refused whatever they embed.
 */
const embeddingIpv4: Subnet[] = [
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64 well-known prefix
];

function blockList(subnets: Subnet[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

// One list per family and purpose: a BlockList matches IPv4 addresses against IPv6 rules through their
// mapped form, so IPv4 and IPv6 rules never share a list.
const lists = {
  nonGlobalIpv4: blockList(nonGlobalIpv4, 'ipv4'),
  globalIpv6: blockList(globalIpv6, 'ipv6'),
  nonGlobalIpv6: blockList(nonGlobalIpv6, 'ipv6'),
  embeddingIpv4: blockList(embeddingIpv4, 'ipv6'),
};

/**
 * True for a global unicast IP address (bracketed IPv6 accepted); false for every other address, for
 * a scoped one (`fe80::1%eth0`) and for anything that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (bare.includes('%')) return false;
  const family = isIP(bare);
  if (family === 4) return !lists.nonGlobalIpv4.check(bare, 'ipv4');
  if (family !== 6) return false;
  if (lists.embeddingIpv4.check(bare, 'ipv6')) return isPublicAddress(embeddedIpv4(bare));
  return lists.globalIpv6.check(bare, 'ipv6') && !lists.nonGlobalIpv6.check(bare, 'ipv6');
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(ipv6: string): string {
  const groups = expandIpv6(ipv6).slice(6);
  return groups.flatMap((group) => [group >> 8, group & 0xff]).join('.');
}

function expandIpv6(address: string): number[] {
  const [head, tail = ''] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [parseInt(group, 16)]))
      : [];
  const start = parse(head);
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function ipv4Groups(dotted: string): number[] {
  const [a, b, c, d] = dotted.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}
