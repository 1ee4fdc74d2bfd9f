import ipaddr from 'ipaddr.js';

/**
 * Which addresses URL tools may connect to (docs/contract.md "Security"). Only globally routable unicast is
 * allowed: IPv4 outside every special range, IPv6 inside 2000::/3 outside every special range. IPv6
 * forms that embed an IPv4 address (IPv4-mapped, IPv4-compatible, SIIT, NAT64, 6to4, Teredo) are judged
 * by the IPv4 address they carry, so `::ffff:127.0.0.1` is as loopback as `127.0.0.1`.
 */
export interface AddressVerdict {
  address: string;
  allowed: boolean;
  /** Machine name of the range, e.g. `loopback`, `private`, `unicast`. */
  range: string;
  /** Human phrase: "a loopback address". */
  description: string;
}

const DESCRIPTIONS: Record<string, string> = {
  unspecified: 'an unspecified address (0.0.0.0/8 or ::)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (169.254.0.0/16 or fe80::/10, cloud metadata lives here)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private (RFC 1918) address',
  reserved: 'a reserved or documentation address',
  as112: 'an AS112 (reserved DNS sink) address',
  amt: 'an AMT relay address',
  uniqueLocal: 'a unique local IPv6 address (fc00::/7)',
  deprecatedSiteLocal: 'a site-local IPv6 address (fec0::/10)',
  discard: 'a discard-only IPv6 address (100::/64)',
  benchmarking: 'a benchmarking address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHIDv2 address',
  droneRemoteIdProtocolEntityTags: 'a DRIP entity tag address',
  segmentRouting: 'a segment-routing IPv6 address',
  nonGlobalIpv6: 'an IPv6 address outside the global unicast range 2000::/3',
  unicast: 'a public unicast address',
};

export function describeRange(range: string): string {
  return DESCRIPTIONS[range] ?? `a special-purpose address (${range})`;
}

/** Classifies one IP address (v4 or v6, no brackets). Anything that does not parse is refused. */
export function classifyAddress(address: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return { address, allowed: false, range: 'invalid', description: 'not a valid IP address' };
  }
  if (parsed.kind() === 'ipv4') return verdict(address, (parsed as ipaddr.IPv4).range());
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const inner = embedded.range();
    if (inner !== 'unicast') {
      return { address, allowed: false, range: inner, description: `${describeRange(inner)} (embedded as ${embedded.toString()} in an IPv6 form)` };
    }
    return verdict(address, 'unicast');
  }
  const range = v6.range();
  if (range !== 'unicast') return verdict(address, range);
  if (!v6.match(GLOBAL_UNICAST)) return verdict(address, 'nonGlobalIpv6');
  return verdict(address, 'unicast');
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function verdict(address: string, range: string): AddressVerdict {
  return { address, allowed: range === 'unicast', range, description: describeRange(range) };
}

/** The IPv4 address an IPv6 form carries, when it is one of the embedding forms. */
export function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = v6.parts;
  const low32 = (a: number, b: number): ipaddr.IPv4 => new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
  const range = v6.range();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT), 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64).
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return low32(p[6]!, p[7]!);
  // 2002:AABB:CCDD::/48 is 6to4 of AA.BB.CC.DD.
  if (range === '6to4') return low32(p[1]!, p[2]!);
  // Teredo: server IPv4 in bits 32–63, client IPv4 (obfuscated by XOR) in the last 32 bits; judge the client.
  if (range === 'teredo') return low32(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
  // IPv4-compatible ::a.b.c.d (deprecated), excluding :: and ::1 which have their own ranges.
  if (p.slice(0, 6).every((x) => x === 0) && range !== 'unspecified' && range !== 'loopback') return low32(p[6]!, p[7]!);
  return undefined;
}

/** TOOLAPI_FETCH_ALLOW: host names (exact, case-insensitive), IP addresses and CIDR ranges that are fetched although private. */
export interface AllowList {
  allowsHost(hostname: string): boolean;
  allowsAddress(address: string): boolean;
  readonly empty: boolean;
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    if (entry.includes('/')) {
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.parse(entry);
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else {
      hosts.add(entry.replace(/\.$/, ''));
    }
  }
  return {
    empty: hosts.size === 0 && ranges.length === 0,
    allowsHost: (hostname) =>
      hosts.has(
        hostname
          .toLowerCase()
          .replace(/^\[|\]$/g, '')
          .replace(/\.$/, ''),
      ),
    allowsAddress: (address) => {
      if (ranges.length === 0 || !ipaddr.isValid(address)) return false;
      const ip = ipaddr.parse(address);
      return ranges.some(([base, bits]) => ip.kind() === base.kind() && ip.match(base, bits));
    },
  };
}
