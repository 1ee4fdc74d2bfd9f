import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/**
 * A tiny authoritative DNS server on loopback UDP for tests: answers from a zone the test controls
 * (a record list or a function of the query count, for rebinding tests), NXDOMAIN for unknown names.
 */
export type TestRecord =
  | { type: 'A' | 'AAAA' | 'CNAME' | 'NS' | 'PTR'; data: string }
  | { type: 'TXT'; data: string | string[] }
  | { type: 'MX'; data: { preference: number; exchange: string } }
  | { type: 'SOA'; data: { mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number } }
  | { type: 'CAA'; data: { flags: number; tag: 'issue' | 'issuewild' | 'iodef'; value: string } };

export type ZoneEntry = TestRecord[] | ((queryCount: number, type: string) => TestRecord[]);

export interface TestDnsServer {
  /** `127.0.0.1:port`, the value for TOOLAPI_DNS_SERVERS. */
  address: string;
  zone: Map<string, ZoneEntry>;
  /** Queries received, as `name TYPE`. */
  queries: string[];
  close(): Promise<void>;
}

export async function startTestDnsServer(zone: Record<string, ZoneEntry> = {}): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const entries = new Map<string, ZoneEntry>(Object.entries(zone).map(([k, v]) => [k.toLowerCase(), v]));
  const queries: string[] = [];
  const counts = new Map<string, number>();
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    queries.push(`${name} ${question.type}`);
    const entry = entries.get(name);
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    const records = entry === undefined ? undefined : typeof entry === 'function' ? entry(n, question.type) : entry;
    const answers = (records ?? [])
      .filter((r) => r.type === question.type || (r.type === 'CNAME' && question.type !== 'CNAME'))
      .map((r) => ({ name: question.name, type: r.type, class: 'IN' as const, ttl: 0, data: r.data })) as dnsPacket.Answer[];
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      // The low 4 bits of the flags are the RCODE: 3 is NXDOMAIN.
      flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | (records === undefined ? 3 : 0),
      questions: [question],
      answers,
    } as dnsPacket.Packet);
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    zone: entries,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
