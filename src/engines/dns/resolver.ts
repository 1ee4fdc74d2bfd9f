import dns from 'node:dns';
import net from 'node:net';
import { ToolError } from '../../core/errors.ts';
import { raceAbort } from '../../lib/abort.ts';

/**
 * DNS for the URL tools: the DNS tools query through it, and the fetcher resolves the names it connects
 * to through it. With TOOLAPI_DNS_SERVERS set (`ip` or `ip:port`, comma-separated) every query goes to
 * those servers (c-ares, no /etc/hosts); without it, records come from the system's resolv.conf servers
 * and addresses from the system resolver (getaddrinfo, so /etc/hosts applies).
 */
export type RecordType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'TXT' | 'SOA' | 'CAA' | 'SRV' | 'PTR';

export const RECORD_TYPES: readonly RecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA', 'SRV', 'PTR'];

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface DnsRecord {
  type: RecordType;
  /** Presentation form of the data: an address, `10 mx.example.com`, the joined TXT strings… */
  value: string;
  ttl?: number;
  /** Structured fields where the type has them (MX priority, SOA serial, CAA tag…). */
  data?: Record<string, string | number | boolean>;
}

export interface DnsAnswer {
  name: string;
  type: RecordType;
  /** `ok`, `nodata` (the name exists, no record of this type) or `nxdomain` (no such name). */
  status: 'ok' | 'nodata' | 'nxdomain';
  records: DnsRecord[];
}

export interface DnsEngine {
  /** Where queries go: the configured servers, or `system`. */
  readonly servers: readonly string[] | 'system';
  /** The addresses a name resolves to, for connecting. Throws ToolError `upstream_failed` when none. */
  lookup(hostname: string, signal?: AbortSignal): Promise<ResolvedAddress[]>;
  query(name: string, type: RecordType, signal?: AbortSignal): Promise<DnsAnswer>;
}

export interface DnsOptions {
  servers: readonly string[];
  timeoutMs?: number;
}

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND_NODATA']);
const NO_NAME = new Set(['ENOTFOUND', 'NXDOMAIN']);

export function createDnsEngine(options: DnsOptions): DnsEngine {
  const servers = options.servers.map(normalizeServer);
  const timeout = Math.max(500, Math.min(options.timeoutMs ?? 3000, 10_000));

  function newResolver(): dns.promises.Resolver {
    const resolver = new dns.promises.Resolver({ timeout, tries: 2 });
    if (servers.length > 0) resolver.setServers(servers);
    return resolver;
  }

  async function withCancel<T>(signal: AbortSignal | undefined, work: (r: dns.promises.Resolver) => Promise<T>): Promise<T> {
    const resolver = newResolver();
    const cancel = (): void => resolver.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await work(resolver);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  }

  async function query(name: string, type: RecordType, signal?: AbortSignal): Promise<DnsAnswer> {
    const fqdn = name.replace(/\.$/, '');
    try {
      const records = await withCancel(signal, (r) => queryType(r, fqdn, type));
      return { name: fqdn, type, status: records.length > 0 ? 'ok' : 'nodata', records };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (NO_DATA.has(code)) return { name: fqdn, type, status: 'nodata', records: [] };
      if (NO_NAME.has(code)) return { name: fqdn, type, status: 'nxdomain', records: [] };
      throw dnsFailure(fqdn, type, code, signal);
    }
  }

  async function lookup(hostname: string, signal?: AbortSignal): Promise<ResolvedAddress[]> {
    const name = hostname.replace(/\.$/, '');
    if (net.isIP(name)) return [{ address: name, family: net.isIP(name) as 4 | 6 }];
    let found: ResolvedAddress[];
    if (servers.length === 0) {
      try {
        const pending = dns.promises.lookup(name, { all: true, verbatim: true });
        const all = await (signal ? raceAbort(pending, signal, abortError) : pending);
        found = all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
      } catch (error) {
        if (error instanceof ToolError) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND';
        throw noAddress(name, code, signal);
      }
    } else {
      const [v4, v6] = await Promise.all([query(name, 'A', signal), query(name, 'AAAA', signal)]);
      found = [
        ...v4.records.filter((r) => net.isIPv4(r.value)).map((r) => ({ address: r.value, family: 4 as const })),
        ...v6.records.filter((r) => net.isIPv6(r.value)).map((r) => ({ address: r.value, family: 6 as const })),
      ];
      if (found.length === 0) throw noAddress(name, v4.status === 'nxdomain' ? 'ENOTFOUND' : 'ENODATA', signal);
    }
    if (found.length === 0) throw noAddress(name, 'ENODATA', signal);
    return found;
  }

  return { servers: servers.length > 0 ? servers : 'system', lookup, query };
}

async function queryType(r: dns.promises.Resolver, name: string, type: RecordType): Promise<DnsRecord[]> {
  switch (type) {
    case 'A':
      return (await r.resolve4(name, { ttl: true })).map((a) => ({ type, value: a.address, ttl: a.ttl }));
    case 'AAAA':
      return (await r.resolve6(name, { ttl: true })).map((a) => ({ type, value: a.address, ttl: a.ttl }));
    case 'CNAME':
      return (await r.resolveCname(name)).map((value) => ({ type, value }));
    case 'NS':
      return (await r.resolveNs(name)).map((value) => ({ type, value }));
    case 'PTR':
      return (await r.resolvePtr(name)).map((value) => ({ type, value }));
    case 'MX':
      return (await r.resolveMx(name))
        .sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange))
        .map((m) => ({ type, value: `${m.priority} ${m.exchange}`, data: { priority: m.priority, exchange: m.exchange } }));
    case 'TXT':
      return (await r.resolveTxt(name)).map((chunks) => ({ type, value: chunks.join(''), data: { strings: chunks.length } }));
    case 'SOA': {
      const s = await r.resolveSoa(name);
      return [
        {
          type,
          value: `${s.nsname} ${s.hostmaster} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}`,
          data: { nsname: s.nsname, hostmaster: s.hostmaster, serial: s.serial, refresh: s.refresh, retry: s.retry, expire: s.expire, minttl: s.minttl },
        },
      ];
    }
    case 'CAA':
      return (await r.resolveCaa(name)).map((c) => {
        const tag =
          c.issue !== undefined
            ? 'issue'
            : c.issuewild !== undefined
              ? 'issuewild'
              : c.iodef !== undefined
                ? 'iodef'
                : c.contactemail !== undefined
                  ? 'contactemail'
                  : 'contactphone';
        const value = String(c[tag as keyof typeof c] ?? '');
        return { type, value: `${c.critical} ${tag} "${value}"`, data: { critical: c.critical, tag, value } };
      });
    case 'SRV':
      return (await r.resolveSrv(name)).map((s) => ({
        type,
        value: `${s.priority} ${s.weight} ${s.port} ${s.name}`,
        data: { priority: s.priority, weight: s.weight, port: s.port, target: s.name },
      }));
  }
}

function normalizeServer(server: string): string {
  const s = server.trim();
  // node:dns takes `ip`, `ip:port`, `[v6]:port`; a bare IPv6 without port is fine as is.
  return s;
}

function dnsFailure(name: string, type: string, code: string, signal?: AbortSignal): ToolError {
  if (signal?.aborted) return abortError(signal);
  if (code === 'ETIMEOUT' || code === 'ECANCELLED') return new ToolError('timeout', `DNS: the ${type} query for ${name} timed out`);
  return new ToolError('upstream_failed', `DNS: the ${type} query for ${name} failed (${code || 'unknown error'})`);
}

function noAddress(name: string, code: string, signal?: AbortSignal): ToolError {
  if (signal?.aborted) return abortError(signal);
  if (code === 'ETIMEOUT' || code === 'EAI_AGAIN') return new ToolError('upstream_failed', `url: could not resolve ${name} (DNS did not answer: ${code})`);
  if (code === 'ENODATA' || code === 'EAI_NODATA') return new ToolError('upstream_failed', `url: ${name} has no A or AAAA record`);
  return new ToolError('upstream_failed', `url: the host ${name} does not exist (DNS: ${code})`);
}

function abortError(signal: AbortSignal): ToolError {
  const reason: unknown = signal.reason;
  return reason instanceof ToolError ? reason : new ToolError('timeout', 'the request was cancelled before DNS answered');
}
