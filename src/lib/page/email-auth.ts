import { createPublicKey } from 'node:crypto';
import type { DnsEngine } from '../../engines/dns/resolver.ts';

/** SPF (RFC 7208), DMARC (RFC 7489) and DKIM (RFC 6376) record parsing for spf-dkim-dmarc-checker. */
export interface SpfAnalysis {
  record: string | null;
  records: number;
  all: string | null;
  mechanisms: string[];
  lookups: number;
  lookupDetail: string[];
  voidLookups: number;
  problems: string[];
}

const LOOKUP_MECHS = /^[+?~-]?(include|a|mx|ptr|exists)(:|\/|$)|^redirect=/i;

export async function analyzeSpf(dns: DnsEngine, domain: string, signal: AbortSignal): Promise<SpfAnalysis> {
  const txt = await dns.query(domain, 'TXT', signal);
  const spf = txt.records.map((r) => r.value).filter((v) => /^v=spf1(\s|$)/i.test(v));
  const out: SpfAnalysis = {
    record: spf[0] ?? null,
    records: spf.length,
    all: null,
    mechanisms: [],
    lookups: 0,
    lookupDetail: [],
    voidLookups: 0,
    problems: [],
  };
  if (spf.length === 0) return out;
  if (spf.length > 1) out.problems.push(`${spf.length} SPF records: receivers treat this as a permanent error (permerror)`);
  const terms = spf[0]!.split(/\s+/).slice(1).filter(Boolean);
  out.mechanisms = terms;
  out.all = terms.find((t) => /^[+?~-]?all$/i.test(t)) ?? null;
  if (!out.all && !terms.some((t) => /^redirect=/i.test(t))) out.problems.push('no "all" mechanism: mail from unlisted servers gets a neutral result');
  if (out.all && /^\+?all$/i.test(out.all)) out.problems.push('"+all" lets every server on the internet send as this domain');
  if (terms.some((t) => /^[+?~-]?ptr/i.test(t))) out.problems.push('"ptr" is deprecated (RFC 7208 §5.5) and slow');
  let budget = 25;
  const visit = async (name: string, record: string, depth: number): Promise<void> => {
    for (const term of record.split(/\s+/).slice(1)) {
      if (!LOOKUP_MECHS.test(term)) continue;
      out.lookups++;
      out.lookupDetail.push(depth === 0 ? term : `${name}: ${term}`);
      const target = /^[+?~-]?include:(.+)$/i.exec(term)?.[1] ?? /^redirect=(.+)$/i.exec(term)?.[1];
      if (target && depth < 10 && budget-- > 0) {
        const child = await dns.query(target, 'TXT', signal).catch(() => null);
        const childSpf = child?.records.map((r) => r.value).find((v) => /^v=spf1(\s|$)/i.test(v));
        if (!childSpf) {
          out.voidLookups++;
          out.problems.push(`${term} points at a domain without an SPF record`);
        } else await visit(target, childSpf, depth + 1);
      }
    }
  };
  await visit(domain, spf[0]!, 0);
  if (out.lookups > 10) out.problems.push(`${out.lookups} DNS-querying mechanisms; SPF allows at most 10 (permerror)`);
  return out;
}

export interface DmarcAnalysis {
  record: string | null;
  tags: Record<string, string>;
  policy: string | null;
  problems: string[];
}

export async function analyzeDmarc(dns: DnsEngine, domain: string, signal: AbortSignal): Promise<DmarcAnalysis> {
  const txt = await dns.query(`_dmarc.${domain}`, 'TXT', signal);
  const recs = txt.records.map((r) => r.value).filter((v) => /^v=DMARC1\s*(;|$)/i.test(v));
  const out: DmarcAnalysis = { record: recs[0] ?? null, tags: {}, policy: null, problems: [] };
  if (recs.length === 0) return out;
  if (recs.length > 1) out.problems.push('several DMARC records: receivers ignore them all');
  for (const part of recs[0]!.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.tags[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
  }
  out.policy = out.tags.p?.toLowerCase() ?? null;
  if (!out.policy) out.problems.push('no p= tag (policy)');
  else if (!['none', 'quarantine', 'reject'].includes(out.policy)) out.problems.push(`p=${out.policy} is not none, quarantine or reject`);
  if (!out.tags.rua) out.problems.push('no rua= address: you receive no aggregate reports');
  if (out.tags.pct && Number(out.tags.pct) < 100) out.problems.push(`pct=${out.tags.pct}: the policy applies to only part of the mail`);
  return out;
}

export interface DkimSelector {
  selector: string;
  found: boolean;
  record: string | null;
  keyType: string | null;
  keyBits: number | null;
  revoked: boolean;
  testing: boolean;
}

export const COMMON_SELECTORS = [
  'default',
  'google',
  'selector1',
  'selector2',
  'k1',
  'k2',
  's1',
  's2',
  'mail',
  'dkim',
  'smtp',
  'mandrill',
  'mxvault',
  'everlytickey1',
  'zoho',
  'protonmail',
  'fm1',
  'sig1',
];

export async function lookupDkim(dns: DnsEngine, domain: string, selector: string, signal: AbortSignal): Promise<DkimSelector> {
  const ans = await dns.query(`${selector}._domainkey.${domain}`, 'TXT', signal).catch(() => null);
  const rec = ans?.records.map((r) => r.value).find((v) => /(^|;)\s*(v=DKIM1|p=)/i.test(v)) ?? null;
  const out: DkimSelector = { selector, found: rec !== null, record: rec, keyType: null, keyBits: null, revoked: false, testing: false };
  if (!rec) return out;
  const tags: Record<string, string> = {};
  for (const part of rec.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) tags[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).replace(/\s+/g, '');
  }
  out.keyType = (tags.k ?? 'rsa').toLowerCase();
  out.testing = /(^|:)y(:|$)/i.test(tags.t ?? '');
  if (!tags.p) {
    out.revoked = true;
    return out;
  }
  if (out.keyType === 'rsa') {
    try {
      const key = createPublicKey({ key: Buffer.from(tags.p, 'base64'), format: 'der', type: 'spki' });
      out.keyBits = key.asymmetricKeyDetails?.modulusLength ?? null;
    } catch {
      out.keyBits = null;
    }
  } else if (out.keyType === 'ed25519') out.keyBits = 256;
  return out;
}
