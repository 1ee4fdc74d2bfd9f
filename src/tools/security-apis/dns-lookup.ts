import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { dnsOf, liveExample } from '../../lib/page/context.ts';
import { domainInput, domainOf } from '../../lib/page/domain.ts';
import { RECORD_TYPES, type RecordType } from '../../engines/dns/resolver.ts';

const DEFAULT_TYPES: RecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA'];

export default defineTool({
  module: 'security-apis',
  slug: 'dns-lookup',
  title: 'DNS lookup',
  description:
    'Looks up a domain’s DNS records — A, AAAA, CNAME, MX, NS, TXT, SOA and CAA by default, SRV and PTR on request — with TTLs ' +
    'and parsed fields (MX priority, SOA serial and timers, CAA tag). Give a domain or any URL of it; `types` picks record types. ' +
    'Each type reports ok, nodata (the name exists without that record) or nxdomain. For PTR give an IPv4 reverse name or an IP.',
  keywords: ['dns lookup', 'dns records', 'mx lookup', 'txt record', 'nslookup', 'dig', 'a record', 'caa'],
  method: 'GET',
  timeoutMs: 20_000,
  input: () =>
    z.object({
      ...domainInput,
      types: z
        .string()
        .max(100, 'at most 100 characters')
        .optional()
        .describe(`Comma-separated record types (${RECORD_TYPES.join(', ')}); default ${DEFAULT_TYPES.join(', ')}`),
    }),
  output: () =>
    z.object({
      domain: z.string(),
      resolver: z.string().describe('"system" or the configured servers'),
      answers: z.array(
        z.object({
          type: z.string(),
          status: z.enum(['ok', 'nodata', 'nxdomain']),
          records: z.array(
            z.object({
              value: z.string(),
              ttl: z.number().int().optional(),
              data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
            }),
          ),
        }),
      ),
      exists: z.boolean().describe('The name exists (no type answered nxdomain)'),
    }),
  examples: [liveExample('default record types', { url: 'example.com' }), liveExample('MX and TXT only', { domain: 'example.com', types: 'MX,TXT' })],
  run: async (input, ctx) => {
    let domain: string;
    const ipInput = (input.domain ?? input.url ?? '').trim();
    const requested = (input.types ?? '')
      .split(',')
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean);
    for (const t of requested)
      if (!(RECORD_TYPES as readonly string[]).includes(t)) throw new ToolError('validation_failed', `types: "${t}" is not one of ${RECORD_TYPES.join(', ')}`);
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ipInput)) domain = `${ipInput.split('.').reverse().join('.')}.in-addr.arpa`;
    else domain = domainOf(input);
    const types = (requested.length ? requested : domain.endsWith('.in-addr.arpa') ? ['PTR'] : DEFAULT_TYPES) as RecordType[];
    const dns = dnsOf(ctx);
    const answers = await Promise.all(types.map((t) => dns.query(domain, t, ctx.signal)));
    return {
      domain,
      resolver: dns.servers === 'system' ? 'system' : dns.servers.join(', '),
      answers: answers.map((a) => ({
        type: a.type,
        status: a.status,
        records: a.records.map((r) => ({ value: r.value, ...(r.ttl !== undefined ? { ttl: r.ttl } : {}), ...(r.data ? { data: r.data } : {}) })),
      })),
      exists: !answers.some((a) => a.status === 'nxdomain'),
    };
  },
});
