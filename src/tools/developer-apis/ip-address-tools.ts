import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';

type Version = 4 | 6;

interface Range {
  cidr: string;
  category: string;
  description: string;
  rfc: string;
}

/** IANA special-purpose registries (v4: RFC 6890 and updates; v6: RFC 6890, 9637…). Most specific wins. */
const SPECIAL_RANGES: Record<Version, Range[]> = {
  4: [
    { cidr: '0.0.0.0/8', category: 'unspecified', description: '"This network" (0.0.0.0/8)', rfc: 'RFC 791' },
    { cidr: '10.0.0.0/8', category: 'private', description: 'Private network (10/8)', rfc: 'RFC 1918' },
    { cidr: '100.64.0.0/10', category: 'carrier-grade-nat', description: 'Shared address space for carrier-grade NAT', rfc: 'RFC 6598' },
    { cidr: '127.0.0.0/8', category: 'loopback', description: 'Loopback', rfc: 'RFC 1122' },
    { cidr: '169.254.0.0/16', category: 'link-local', description: 'Link-local (APIPA; includes the 169.254.169.254 cloud metadata address)', rfc: 'RFC 3927' },
    { cidr: '172.16.0.0/12', category: 'private', description: 'Private network (172.16/12)', rfc: 'RFC 1918' },
    { cidr: '192.0.0.0/24', category: 'reserved', description: 'IETF protocol assignments', rfc: 'RFC 6890' },
    { cidr: '192.0.2.0/24', category: 'documentation', description: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
    { cidr: '192.88.99.0/24', category: 'reserved', description: 'Deprecated 6to4 relay anycast', rfc: 'RFC 7526' },
    { cidr: '192.168.0.0/16', category: 'private', description: 'Private network (192.168/16)', rfc: 'RFC 1918' },
    { cidr: '198.18.0.0/15', category: 'benchmarking', description: 'Network device benchmarking', rfc: 'RFC 2544' },
    { cidr: '198.51.100.0/24', category: 'documentation', description: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
    { cidr: '203.0.113.0/24', category: 'documentation', description: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
    { cidr: '224.0.0.0/4', category: 'multicast', description: 'Multicast', rfc: 'RFC 5771' },
    { cidr: '240.0.0.0/4', category: 'reserved', description: 'Reserved for future use (class E)', rfc: 'RFC 1112' },
    { cidr: '255.255.255.255/32', category: 'broadcast', description: 'Limited broadcast', rfc: 'RFC 919' },
  ],
  6: [
    { cidr: '::/128', category: 'unspecified', description: 'Unspecified address', rfc: 'RFC 4291' },
    { cidr: '::1/128', category: 'loopback', description: 'Loopback', rfc: 'RFC 4291' },
    { cidr: '::ffff:0:0/96', category: 'ipv4-mapped', description: 'IPv4-mapped IPv6 address', rfc: 'RFC 4291' },
    { cidr: '64:ff9b::/96', category: 'nat64', description: 'IPv4/IPv6 translation (well-known NAT64 prefix)', rfc: 'RFC 6052' },
    { cidr: '64:ff9b:1::/48', category: 'nat64', description: 'Local-use IPv4/IPv6 translation', rfc: 'RFC 8215' },
    { cidr: '100::/64', category: 'reserved', description: 'Discard-only prefix', rfc: 'RFC 6666' },
    { cidr: '2001::/32', category: 'teredo', description: 'Teredo tunnelling', rfc: 'RFC 4380' },
    { cidr: '2001:2::/48', category: 'benchmarking', description: 'Benchmarking', rfc: 'RFC 5180' },
    { cidr: '2001:db8::/32', category: 'documentation', description: 'Documentation', rfc: 'RFC 3849' },
    { cidr: '3fff::/20', category: 'documentation', description: 'Documentation', rfc: 'RFC 9637' },
    { cidr: '2002::/16', category: '6to4', description: '6to4 tunnelling', rfc: 'RFC 3056' },
    { cidr: 'fc00::/7', category: 'unique-local', description: 'Unique local address (private)', rfc: 'RFC 4193' },
    { cidr: 'fe80::/10', category: 'link-local', description: 'Link-local unicast', rfc: 'RFC 4291' },
    { cidr: 'ff00::/8', category: 'multicast', description: 'Multicast', rfc: 'RFC 4291' },
  ],
};

const PRIVATE_CATEGORIES = new Set(['private', 'unique-local']);

interface Parsed {
  version: Version;
  bits: number;
  value: bigint;
  zone: string | null;
}

function toBigInt(addr: ipaddr.IPv4 | ipaddr.IPv6): bigint {
  return addr.toByteArray().reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
}

function fromBigInt(value: bigint, version: Version): string {
  const bytes: number[] = [];
  let v = value;
  for (let i = 0; i < (version === 4 ? 4 : 16); i++) {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  }
  return ipaddr.fromByteArray(bytes).toString();
}

function parseAddress(field: string, text: string): Parsed {
  const t = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(t)) {
    const addr = ipaddr.IPv4.parse(t);
    if (t.split('.').some((octet) => octet.length > 1 && octet.startsWith('0'))) {
      throw invalidField(field, `'${t}' has leading zeros, which some systems read as octal; write ${addr.toString()}`);
    }
    return { version: 4, bits: 32, value: toBigInt(addr), zone: null };
  }
  if (ipaddr.IPv6.isValid(t)) {
    const addr = ipaddr.IPv6.parse(t);
    return { version: 6, bits: 128, value: toBigInt(addr), zone: addr.zoneId ?? null };
  }
  throw invalidField(field, `'${t.slice(0, 60)}' is not an IPv4 address (four decimal octets, e.g. 192.168.1.10) or an IPv6 address (e.g. 2001:db8::1)`);
}

interface Block extends Parsed {
  prefix: number;
}

function parseBlock(field: string, text: string): Block {
  const [addrPart = '', prefixPart, extra] = text.trim().split('/');
  if (extra !== undefined) throw invalidField(field, 'use one / between address and prefix, e.g. 10.0.0.0/8');
  const parsed = parseAddress(field, addrPart);
  if (prefixPart === undefined) return { ...parsed, prefix: parsed.bits };
  if (/^\d{1,3}$/.test(prefixPart)) {
    const prefix = Number(prefixPart);
    if (prefix > parsed.bits) throw invalidField(field, `prefix /${prefix} is too long for IPv${parsed.version} (at most /${parsed.bits})`);
    return { ...parsed, prefix };
  }
  if (parsed.version === 4 && ipaddr.IPv4.isValidFourPartDecimal(prefixPart)) {
    const mask = ipaddr.IPv4.parse(prefixPart);
    const prefix = mask.prefixLengthFromSubnetMask();
    if (prefix === null) throw invalidField(field, `${prefixPart} is not a valid subnet mask (its 1-bits must be contiguous)`);
    return { ...parsed, prefix };
  }
  throw invalidField(field, `'/${prefixPart}' is not a prefix length (0–${parsed.bits}) or an IPv4 subnet mask`);
}

function maskOf(bits: number, prefix: number): bigint {
  const all = (1n << BigInt(bits)) - 1n;
  return prefix === 0 ? 0n : (all >> BigInt(bits - prefix)) << BigInt(bits - prefix);
}

function contains(block: Block, value: bigint): boolean {
  const mask = maskOf(block.bits, block.prefix);
  return (value & mask) === (block.value & mask);
}

function classify(p: Parsed): Range & { isPublic: boolean } {
  const ranges = SPECIAL_RANGES[p.version]
    .map((r) => ({ r, block: parseBlock('range', r.cidr) }))
    .filter(({ block }) => contains(block, p.value))
    .sort((a, b) => b.block.prefix - a.block.prefix);
  const hit = ranges[0]?.r;
  if (hit) return { ...hit, isPublic: false };
  if (p.version === 6 && !contains(parseBlock('range', '2000::/3'), p.value)) {
    return { cidr: '::/0', category: 'reserved', description: 'Outside global unicast (2000::/3): reserved by IETF', rfc: 'RFC 4291', isPublic: false };
  }
  return {
    cidr: p.version === 4 ? '0.0.0.0/0' : '2000::/3',
    category: 'public',
    description: 'Public (globally routable) unicast',
    rfc: p.version === 4 ? 'RFC 791' : 'RFC 4291',
    isPublic: true,
  };
}

function expanded(p: Parsed): string {
  if (p.version === 4) return fromBigInt(p.value, 4);
  return p.value.toString(16).padStart(32, '0').match(/.{4}/g)!.join(':');
}

function reversePointer(p: Parsed): string {
  if (p.version === 4) return `${fromBigInt(p.value, 4).split('.').reverse().join('.')}.in-addr.arpa`;
  return `${p.value.toString(16).padStart(32, '0').split('').reverse().join('.')}.ip6.arpa`;
}

function binary(p: Parsed): string {
  const raw = p.value.toString(2).padStart(p.bits, '0');
  return raw.match(p.version === 4 ? /.{8}/g : /.{16}/g)!.join(p.version === 4 ? '.' : ':');
}

function describeAddress(p: Parsed) {
  const range = classify(p);
  let embeddedIPv4: string | null = null;
  if (p.version === 6 && (range.category === 'ipv4-mapped' || range.category === 'nat64')) embeddedIPv4 = fromBigInt(p.value & 0xffffffffn, 4);
  return {
    address: fromBigInt(p.value, p.version) + (p.zone ? `%${p.zone}` : ''),
    version: p.version,
    expanded: expanded(p),
    integer: p.value.toString(),
    hex: `0x${p.value.toString(16).padStart(p.bits / 4, '0')}`,
    binary: binary(p),
    reversePointer: reversePointer(p),
    classification: { category: range.category, description: range.description, range: range.cidr, rfc: range.rfc },
    isPublic: range.isPublic,
    isPrivate: PRIVATE_CATEGORIES.has(range.category),
    embeddedIPv4,
  };
}

function describeNetwork(block: Block) {
  const { bits, prefix, version } = block;
  const mask = maskOf(bits, prefix);
  const network = block.value & mask;
  const last = network | (((1n << BigInt(bits)) - 1n) ^ mask);
  const total = 1n << BigInt(bits - prefix);
  let firstHost = network;
  let lastHost = last;
  let usable = total;
  if (version === 4 && prefix <= 30) {
    firstHost = network + 1n;
    lastHost = last - 1n;
    usable = total - 2n;
  }
  return {
    cidr: `${fromBigInt(network, version)}/${prefix}`,
    prefixLength: prefix,
    networkAddress: fromBigInt(network, version),
    broadcastAddress: version === 4 ? fromBigInt(last, 4) : null,
    lastAddress: fromBigInt(last, version),
    firstHost: fromBigInt(firstHost, version),
    lastHost: fromBigInt(lastHost, version),
    totalAddresses: total.toString(),
    usableHosts: usable.toString(),
    subnetMask: version === 4 ? fromBigInt(mask, 4) : null,
    wildcardMask: version === 4 ? fromBigInt(mask ^ 0xffffffffn, 4) : null,
    isHostAddressOfNetwork: block.value !== network,
  };
}

const addressSchema = z.object({
  address: z.string().describe('Canonical form (IPv6 compressed per RFC 5952)'),
  version: z.number(),
  expanded: z.string().describe('IPv6 with all 8 groups of 4 digits; IPv4 as is'),
  integer: z.string().describe('The address as an unsigned decimal integer'),
  hex: z.string(),
  binary: z.string(),
  reversePointer: z.string().describe('PTR name for reverse DNS'),
  classification: z.object({
    category: z
      .string()
      .describe(
        'public, private, loopback, link-local, carrier-grade-nat, multicast, broadcast, documentation, benchmarking, unspecified, reserved, unique-local, ipv4-mapped, nat64, teredo, 6to4',
      ),
    description: z.string(),
    range: z.string().describe('The special-purpose block it falls in'),
    rfc: z.string(),
  }),
  isPublic: z.boolean().describe('Globally routable unicast'),
  isPrivate: z.boolean().describe('RFC 1918 or IPv6 unique-local'),
  embeddedIPv4: z.string().nullable().describe('The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address'),
});

export default defineTool({
  module: 'developer-apis',
  slug: 'ip-address-tools',
  title: 'IP address & CIDR calculator',
  description:
    'Parses an IPv4 or IPv6 address or CIDR block (10.0.0.0/8, 192.168.1.77/255.255.255.192, 2001:db8::/48) and returns: canonical, expanded, integer, hex and binary forms, the reverse-DNS name, ' +
    'and a classification from the IANA special-purpose registries (public, private RFC 1918, loopback, link-local, CGNAT 100.64/10, multicast, documentation, benchmarking, reserved, unique-local, IPv4-mapped, NAT64…). ' +
    'For a block: network, broadcast, first/last host, total addresses and usable hosts (/31 and /32 per RFC 3021; IPv6 counts as exact decimal strings), netmask and wildcard. ' +
    'Optionally tests whether an address or block lies inside it, and splits it into subnets of a longer prefix.',
  keywords: ['ip address', 'cidr', 'subnet calculator', 'ipv4', 'ipv6', 'netmask', 'private ip', 'network', 'broadcast', 'ip range'],
  input: () =>
    z.object({
      address: z
        .string()
        .min(1, 'must not be empty')
        .max(100, 'at most 100 characters')
        .describe('An IP address, or a CIDR block as address/prefix or IPv4 address/netmask'),
      contains: z.string().max(100).optional().describe('Another address or block: is it inside `address` (which must then be a block)?'),
      subnetPrefix: z
        .number()
        .int('a whole number')
        .min(0)
        .max(128)
        .optional()
        .describe('Split the block into subnets of this prefix length; up to 256 are listed'),
    }),
  output: () =>
    z.object({
      input: z.string(),
      ip: addressSchema,
      network: z
        .object({
          cidr: z.string(),
          prefixLength: z.number(),
          networkAddress: z.string(),
          broadcastAddress: z.string().nullable().describe('IPv4 only'),
          lastAddress: z.string(),
          firstHost: z.string(),
          lastHost: z.string(),
          totalAddresses: z.string().describe('Exact count as a decimal string (IPv6 counts exceed 2^53)'),
          usableHosts: z.string().describe('IPv4: total − 2 (network and broadcast) up to /30; /31 gives 2, /32 gives 1. IPv6: all addresses'),
          subnetMask: z.string().nullable(),
          wildcardMask: z.string().nullable(),
          isHostAddressOfNetwork: z.boolean().describe('True when the given address is not the network address itself'),
        })
        .nullable()
        .describe('Present when a prefix or netmask was given'),
      contains: z.object({ target: z.string(), inside: z.boolean() }).nullable(),
      subnets: z.object({ prefixLength: z.number(), count: z.string(), listed: z.array(z.string()), truncated: z.boolean() }).nullable(),
    }),
  examples: [
    {
      title: '/26 block: 64 addresses, 62 usable hosts',
      input: { address: '192.168.1.0/26' },
      output: {
        input: '192.168.1.0/26',
        ip: {
          address: '192.168.1.0',
          version: 4,
          expanded: '192.168.1.0',
          integer: '3232235776',
          hex: '0xc0a80100',
          binary: '11000000.10101000.00000001.00000000',
          reversePointer: '0.1.168.192.in-addr.arpa',
          classification: { category: 'private', description: 'Private network (192.168/16)', range: '192.168.0.0/16', rfc: 'RFC 1918' },
          isPublic: false,
          isPrivate: true,
          embeddedIPv4: null,
        },
        network: {
          cidr: '192.168.1.0/26',
          prefixLength: 26,
          networkAddress: '192.168.1.0',
          broadcastAddress: '192.168.1.63',
          lastAddress: '192.168.1.63',
          firstHost: '192.168.1.1',
          lastHost: '192.168.1.62',
          totalAddresses: '64',
          usableHosts: '62',
          subnetMask: '255.255.255.192',
          wildcardMask: '0.0.0.63',
          isHostAddressOfNetwork: false,
        },
        contains: null,
        subnets: null,
      },
    },
    {
      title: 'CGNAT address with a netmask; containment test',
      input: { address: '100.64.10.77/255.255.0.0', contains: '100.64.200.1' },
      output: {
        input: '100.64.10.77/255.255.0.0',
        ip: {
          address: '100.64.10.77',
          version: 4,
          expanded: '100.64.10.77',
          integer: '1681918541',
          hex: '0x64400a4d',
          binary: '01100100.01000000.00001010.01001101',
          reversePointer: '77.10.64.100.in-addr.arpa',
          classification: { category: 'carrier-grade-nat', description: 'Shared address space for carrier-grade NAT', range: '100.64.0.0/10', rfc: 'RFC 6598' },
          isPublic: false,
          isPrivate: false,
          embeddedIPv4: null,
        },
        network: {
          cidr: '100.64.0.0/16',
          prefixLength: 16,
          networkAddress: '100.64.0.0',
          broadcastAddress: '100.64.255.255',
          lastAddress: '100.64.255.255',
          firstHost: '100.64.0.1',
          lastHost: '100.64.255.254',
          totalAddresses: '65536',
          usableHosts: '65534',
          subnetMask: '255.255.0.0',
          wildcardMask: '0.0.255.255',
          isHostAddressOfNetwork: true,
        },
        contains: { target: '100.64.200.1', inside: true },
        subnets: null,
      },
    },
    {
      title: 'IPv6 documentation prefix split into /50s',
      input: { address: '2001:db8::/48', subnetPrefix: 50 },
      output: {
        input: '2001:db8::/48',
        ip: {
          address: '2001:db8::',
          version: 6,
          expanded: '2001:0db8:0000:0000:0000:0000:0000:0000',
          integer: '42540766411282592856903984951653826560',
          hex: '0x20010db8000000000000000000000000',
          binary: '0010000000000001:0000110110111000:0000000000000000:0000000000000000:0000000000000000:0000000000000000:0000000000000000:0000000000000000',
          reversePointer: '0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
          classification: { category: 'documentation', description: 'Documentation', range: '2001:db8::/32', rfc: 'RFC 3849' },
          isPublic: false,
          isPrivate: false,
          embeddedIPv4: null,
        },
        network: {
          cidr: '2001:db8::/48',
          prefixLength: 48,
          networkAddress: '2001:db8::',
          broadcastAddress: null,
          lastAddress: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
          firstHost: '2001:db8::',
          lastHost: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
          totalAddresses: '1208925819614629174706176',
          usableHosts: '1208925819614629174706176',
          subnetMask: null,
          wildcardMask: null,
          isHostAddressOfNetwork: false,
        },
        contains: null,
        subnets: {
          prefixLength: 50,
          count: '4',
          listed: ['2001:db8::/50', '2001:db8:0:4000::/50', '2001:db8:0:8000::/50', '2001:db8:0:c000::/50'],
          truncated: false,
        },
      },
    },
  ],
  run: ({ address, contains: target, subnetPrefix }) => {
    const block = parseBlock('address', address);
    const isBlock = address.includes('/');
    const ip = describeAddress(block);
    const network = isBlock ? describeNetwork(block) : null;
    let containsResult: { target: string; inside: boolean } | null = null;
    if (target !== undefined) {
      if (!isBlock) throw invalidField('contains', 'needs `address` to be a CIDR block such as 10.0.0.0/8');
      const other = parseBlock('contains', target);
      if (other.version !== block.version) throw invalidField('contains', `is IPv${other.version} but address is IPv${block.version}`);
      const otherMask = maskOf(other.bits, other.prefix);
      const otherLast = (other.value & otherMask) | (((1n << BigInt(other.bits)) - 1n) ^ otherMask);
      const inside = other.prefix >= block.prefix && contains(block, other.value & otherMask) && contains(block, otherLast);
      containsResult = { target: target.trim(), inside };
    }
    let subnets: { prefixLength: number; count: string; listed: string[]; truncated: boolean } | null = null;
    if (subnetPrefix !== undefined) {
      if (!isBlock) throw invalidField('subnetPrefix', 'needs `address` to be a CIDR block such as 10.0.0.0/16');
      if (subnetPrefix < block.prefix || subnetPrefix > block.bits) {
        throw invalidField('subnetPrefix', `must be between ${block.prefix} (the block's prefix) and ${block.bits}`);
      }
      const count = 1n << BigInt(subnetPrefix - block.prefix);
      const step = 1n << BigInt(block.bits - subnetPrefix);
      const start = block.value & maskOf(block.bits, block.prefix);
      const shown = count > 256n ? 256 : Number(count);
      const listed = Array.from({ length: shown }, (_, i) => `${fromBigInt(start + step * BigInt(i), block.version)}/${subnetPrefix}`);
      subnets = { prefixLength: subnetPrefix, count: count.toString(), listed, truncated: count > 256n };
    }
    return { input: address, ip, network, contains: containsResult, subnets };
  },
});
