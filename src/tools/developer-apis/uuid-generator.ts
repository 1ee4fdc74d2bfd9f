import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type * as Uuid from 'uuid';
import { invalidField, utf8Encodable } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { countField } from '../../registry/fields.ts';
import { lazy } from '../../lib/lazy.ts';

const uuid = lazy<typeof Uuid>('uuid');

const NAMESPACES: Record<string, string> = {
  dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
  x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
};

function style(uuid: string, uppercase: boolean | undefined, hyphens: boolean | undefined, braces: boolean | undefined): string {
  let out = hyphens === false ? uuid.replace(/-/g, '') : uuid;
  if (uppercase) out = out.toUpperCase();
  return braces ? `{${out}}` : out;
}

export default defineTool({
  module: 'developer-apis',
  slug: 'uuid-generator',
  cpu: 'large-input',
  title: 'UUID generator (v4, v7, v5, v3)',
  description:
    'Generates RFC 9562 UUIDs: v4 (random, the default), v7 (time-ordered: the current Unix time in milliseconds plus randomness; a batch is strictly increasing, good for database keys), ' +
    'v5/v3 (deterministic SHA-1/MD5 hash of a name in a namespace — dns, url, oid, x500 or any UUID), and the nil and max UUIDs. ' +
    'Up to 1,000 per call, from a cryptographically secure generator; optional uppercase, no hyphens or {braces}.',
  keywords: ['uuid', 'guid', 'uuid v4', 'uuid v7', 'uuid v5', 'unique id', 'rfc 9562', 'random id'],
  input: () =>
    z.object({
      version: z.enum(['v4', 'v7', 'v5', 'v3', 'nil', 'max']).optional().describe('UUID version. Default v4.'),
      count: countField('How many UUIDs to generate; v5/v3/nil/max give one', 1, 1000).optional(),
      namespace: z.string().max(64).optional().describe('v5/v3 only: the namespace — dns, url, oid, x500, or a UUID. Default dns.'),
      name: z.string().max(10_000).optional().describe('v5/v3 only (required there): the name to hash, e.g. a domain or URL'),
      uppercase: z.boolean().optional().describe('Uppercase hex digits. Default false.'),
      hyphens: z.boolean().optional().describe('Keep the hyphens. Default true.'),
      braces: z.boolean().optional().describe('Wrap in {braces} (Microsoft GUID style). Default false.'),
    }),
  output: () =>
    z.object({
      uuids: z.array(z.string()),
      version: z.enum(['v4', 'v7', 'v5', 'v3', 'nil', 'max']),
      count: z.number(),
      timestamp: z.string().nullable().describe('v7: the time embedded in the UUIDs (ISO 8601); otherwise null'),
    }),
  examples: [
    { title: 'five random v4 UUIDs', input: { count: 5 } },
    { title: 'time-ordered v7 UUIDs', input: { version: 'v7', count: 3 } },
    {
      title: 'deterministic v5 for a domain name',
      input: { version: 'v5', namespace: 'dns', name: 'example.com' },
      output: { uuids: ['cfbff0d1-9375-5685-968c-48ce8b15ae17'], version: 'v5', count: 1, timestamp: null },
    },
    {
      title: 'nil UUID, uppercase without hyphens',
      input: { version: 'nil', uppercase: true, hyphens: false },
      output: { uuids: ['00000000000000000000000000000000'], version: 'nil', count: 1, timestamp: null },
    },
  ],
  run: ({ version = 'v4', count = 1, namespace, name, uppercase, hyphens, braces }, ctx) => {
    const nameBased = version === 'v5' || version === 'v3';
    if (!nameBased && (namespace !== undefined || name !== undefined)) {
      throw invalidField(namespace !== undefined ? 'namespace' : 'name', 'only used with version v5 or v3');
    }
    let uuids: string[];
    let timestamp: string | null = null;
    if (nameBased) {
      if (name === undefined) throw invalidField('name', `is required for ${version}: the name to hash`);
      // The name is hashed as its UTF-8 bytes (RFC 9562, 6.5); a lone surrogate has none.
      utf8Encodable('name', name);
      if (count !== 1) throw invalidField('count', `${version} UUIDs are deterministic: one name gives one UUID, so count must be 1`);
      const ns = NAMESPACES[(namespace ?? 'dns').toLowerCase()] ?? (namespace ?? '').toLowerCase();
      if (!uuid().validate(ns)) throw invalidField('namespace', 'dns, url, oid, x500, or a UUID such as 6ba7b810-9dad-11d1-80b4-00c04fd430c8');
      uuids = [version === 'v5' ? uuid().v5(name, ns) : uuid().v3(name, ns)];
    } else if (version === 'nil' || version === 'max') {
      if (count !== 1) ctx.warn(`The ${version} UUID is a single constant; one is returned.`);
      uuids = [version === 'nil' ? uuid().NIL : uuid().MAX];
    } else if (version === 'v7') {
      const msecs = ctx.now().getTime();
      // A random starting sequence, then +1 per UUID: the batch is strictly increasing within the millisecond.
      const seq = randomInt(0, 2 ** 30);
      uuids = Array.from({ length: count }, (_, i) => uuid().v7({ msecs, seq: seq + i }));
      timestamp = new Date(msecs).toISOString();
    } else {
      uuids = Array.from({ length: count }, () => uuid().v4());
    }
    const styled = uuids.map((u) => style(u, uppercase, hyphens, braces));
    return { uuids: styled, version, count: styled.length, timestamp };
  },
});
