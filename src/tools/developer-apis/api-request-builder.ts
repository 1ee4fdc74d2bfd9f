import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { depthOf, MAX_JSON_DEPTH } from './lib/json.ts';
import { isRecord } from './lib/source.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const TARGETS = ['curl', 'fetch', 'python', 'httpie', 'http'] as const;
type Target = (typeof TARGETS)[number];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

interface Header {
  name: string;
  value: string;
}

/** POSIX shell: single quotes keep everything literal (newlines and unicode too); a ' is closed, escaped and reopened. */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A JavaScript string literal (JSON strings are valid JS since ES2019; lone surrogates come out escaped). */
function jsString(s: string): string {
  return JSON.stringify(s);
}

/** A Python 3 str literal in double quotes. */
export function pyString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16)}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
function pyLiteral(value: unknown, indent: string): string {
  const inner = `${indent}    `;
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${inner}${pyString(k)}: ${pyLiteral(v, inner)},`).join('\n')}\n${indent}}`;
  }
  return 'None';
}

function indentBlock(text: string, pad: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : pad + line))
    .join('\n');
}

function hasHeader(headers: Header[], name: string): boolean {
  return headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
}

export default defineTool({
  module: 'developer-apis',
  slug: 'api-request-builder',
  cpu: 'large-input',
  title: 'API request builder (cURL, fetch, Python, HTTPie)',
  description:
    'Builds ready-to-run HTTP request snippets from structured fields: cURL, JavaScript fetch, Python requests, HTTPie and the raw HTTP/1.1 message. Query parameters are URL-encoded, JSON bodies serialised, ' +
    'form bodies x-www-form-urlencoded, and Bearer, Basic or API-key auth turned into headers. Every value is quoted correctly for its target — POSIX single quotes for the shell (safe with quotes, $, backticks, newlines and unicode), ' +
    'JS and Python string literals — so the snippets run as printed. Header names must be valid tokens and values may not contain line breaks (no header injection). Nothing is sent.',
  keywords: ['curl', 'fetch', 'python requests', 'httpie', 'http request', 'api client', 'code snippet', 'request builder', 'postman'],
  input: () =>
    z.object({
      method: z.enum(METHODS).optional().describe('HTTP method. Default GET, or POST when a body is given.'),
      url: z.string().min(1, 'must not be empty').max(8_000, 'at most 8,000 characters').describe('Absolute http(s) URL'),
      query: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number(), z.boolean()])).max(100)]))
        .optional()
        .describe('Query parameters to append; an array repeats the parameter'),
      headers: z
        .union([z.record(z.string(), z.string().max(8_000)), z.array(z.object({ name: z.string(), value: z.string().max(8_000) })).max(100)])
        .optional()
        .describe('Request headers: an object, or a list of {name, value} to repeat a header'),
      body: z
        .union([z.string().max(200_000, 'at most 200,000 characters'), z.record(z.string(), z.unknown()), z.array(z.unknown())])
        .optional()
        .describe('Request body: a JSON object/array (sent as JSON), or a string sent as is'),
      bodyType: z
        .enum(['json', 'form', 'text'])
        .optional()
        .describe(
          'json (default for objects/arrays; a string body must then be valid JSON), form (an object of strings, URL-encoded) or text (string sent as is). Default: json for objects, text for strings.',
        ),
      auth: z
        .discriminatedUnion('type', [
          z.object({ type: z.literal('bearer'), token: z.string().min(1).max(8_000) }),
          z.object({ type: z.literal('basic'), username: z.string().max(1_000), password: z.string().max(1_000) }),
          z.object({ type: z.literal('api-key'), header: z.string().min(1).max(200), value: z.string().max(8_000) }),
        ])
        .optional()
        .describe('Authentication: {type: "bearer", token} | {type: "basic", username, password} | {type: "api-key", header, value}'),
      targets: z.array(z.enum(TARGETS)).min(1).max(5).optional().describe('Which snippets to build: curl, fetch, python, httpie, http. Default all.'),
    }),
  output: () =>
    z.object({
      method: z.string(),
      url: z.string().describe('The final URL with query parameters'),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).describe('Headers that are sent, including auth and Content-Type'),
      body: z.string().nullable().describe('The exact body bytes as text'),
      snippets: z.object({
        curl: z.string().optional(),
        fetch: z.string().optional(),
        python: z.string().optional(),
        httpie: z.string().optional(),
        http: z.string().optional().describe('The raw HTTP/1.1 request'),
      }),
    }),
  examples: [
    {
      title: 'JSON POST with bearer auth; a quote in the body is shell-safe',
      input: {
        url: 'https://api.example.com/v1/notes',
        auth: { type: 'bearer', token: 'tok_123' },
        body: { title: "It's done", tags: ['a', 'b'], draft: false },
      },
      output: {
        method: 'POST',
        url: 'https://api.example.com/v1/notes',
        headers: [
          { name: 'Authorization', value: 'Bearer tok_123' },
          { name: 'Content-Type', value: 'application/json' },
        ],
        body: '{"title":"It\'s done","tags":["a","b"],"draft":false}',
        snippets: {
          curl: 'curl -X POST https://api.example.com/v1/notes \\\n  -H \'Authorization: Bearer tok_123\' \\\n  -H \'Content-Type: application/json\' \\\n  --data-raw \'{"title":"It\'\\\'\'s done","tags":["a","b"],"draft":false}\'',
          fetch:
            'const response = await fetch("https://api.example.com/v1/notes", {\n  method: "POST",\n  headers: {\n    "Authorization": "Bearer tok_123",\n    "Content-Type": "application/json",\n  },\n  body: JSON.stringify({\n    "title": "It\'s done",\n    "tags": [\n      "a",\n      "b"\n    ],\n    "draft": false\n  }),\n});\nconsole.log(response.status, await response.text());',
          python:
            'import requests\n\nresponse = requests.post(\n    "https://api.example.com/v1/notes",\n    headers={\n        "Authorization": "Bearer tok_123",\n        "Content-Type": "application/json",\n    },\n    json={\n        "title": "It\'s done",\n        "tags": [\n            "a",\n            "b",\n        ],\n        "draft": False,\n    },\n    timeout=30,\n)\nprint(response.status_code, response.text)',
          httpie:
            'http POST https://api.example.com/v1/notes \\\n  \'Authorization:Bearer tok_123\' \\\n  Content-Type:application/json \\\n  --raw \'{"title":"It\'\\\'\'s done","tags":["a","b"],"draft":false}\'',
          http: 'POST /v1/notes HTTP/1.1\r\nHost: api.example.com\r\nAuthorization: Bearer tok_123\r\nContent-Type: application/json\r\nContent-Length: 52\r\n\r\n{"title":"It\'s done","tags":["a","b"],"draft":false}',
        },
      },
    },
    {
      title: 'GET with encoded query parameters, curl only',
      input: {
        url: 'https://example.com/search',
        query: { q: 'café & crème', page: 2, tag: ['x', 'y'] },
        headers: { Accept: 'application/json' },
        targets: ['curl'],
      },
      output: {
        method: 'GET',
        url: 'https://example.com/search?q=caf%C3%A9+%26+cr%C3%A8me&page=2&tag=x&tag=y',
        headers: [{ name: 'Accept', value: 'application/json' }],
        body: null,
        snippets: { curl: "curl 'https://example.com/search?q=caf%C3%A9+%26+cr%C3%A8me&page=2&tag=x&tag=y' \\\n  -H 'Accept: application/json'" },
      },
    },
  ],
  run: (input, ctx) => {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw invalidField('url', 'an absolute URL such as https://api.example.com/v1/items');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidField('url', 'must use http or https');
    if (url.username || url.password) ctx.warn('The URL contains credentials; prefer auth so they go into a header.');
    for (const [name, value] of Object.entries(input.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
    }
    const finalUrl = url.toString();

    const headers: Header[] = Array.isArray(input.headers)
      ? input.headers.map((h) => ({ ...h }))
      : Object.entries(input.headers ?? {}).map(([name, value]) => ({ name, value }));
    if (input.auth?.type === 'bearer') headers.unshift({ name: 'Authorization', value: `Bearer ${input.auth.token}` });
    if (input.auth?.type === 'basic')
      headers.unshift({ name: 'Authorization', value: `Basic ${Buffer.from(`${input.auth.username}:${input.auth.password}`, 'utf8').toString('base64')}` });
    if (input.auth?.type === 'api-key') headers.unshift({ name: input.auth.header, value: input.auth.value });

    let body: string | null = null;
    let jsonValue: unknown;
    const bodyType = input.body === undefined ? undefined : (input.bodyType ?? (typeof input.body === 'string' ? 'text' : 'json'));
    if (input.body !== undefined) {
      if (typeof input.body !== 'string' && depthOf(input.body) > MAX_JSON_DEPTH) throw invalidField('body', `nesting deeper than ${MAX_JSON_DEPTH} levels`);
      if (bodyType === 'json') {
        if (typeof input.body === 'string') {
          try {
            jsonValue = JSON.parse(input.body);
          } catch {
            throw invalidField('body', 'bodyType is json but the string is not valid JSON (send an object, or set bodyType to text)');
          }
        } else {
          jsonValue = input.body;
        }
        body = JSON.stringify(jsonValue);
        if (!hasHeader(headers, 'content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
      } else if (bodyType === 'form') {
        if (!isRecord(input.body)) throw invalidField('body', 'bodyType form needs an object of field names to values');
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(input.body)) {
          if (isRecord(v) || Array.isArray(v)) throw invalidField(`body.${k}`, 'form fields must be strings, numbers or booleans');
          form.append(k, String(v));
        }
        body = form.toString();
        if (!hasHeader(headers, 'content-type')) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
      } else {
        if (typeof input.body !== 'string') throw invalidField('bodyType', 'text needs a string body');
        body = input.body;
      }
    }
    for (const h of headers) {
      if (!TOKEN.test(h.name)) throw invalidField('headers', `'${h.name.slice(0, 40)}' is not a valid header name (letters, digits and !#$%&'*+.^_\`|~-)`);
      if (/[\r\n\0]/.test(h.value)) throw invalidField('headers', `the value of ${h.name} contains a line break or NUL (header injection is refused)`);
    }
    const method = input.method ?? (body === null ? 'GET' : 'POST');
    if (body !== null && (method === 'GET' || method === 'HEAD')) ctx.warn(`A body with ${method} is unusual and many servers ignore it.`);

    const targets = new Set<Target>(input.targets ?? TARGETS);
    const snippets: Partial<Record<Target, string>> = {};
    if (targets.has('curl')) {
      const lines = [`curl${method === 'GET' && body === null ? '' : method === 'HEAD' ? ' --head' : ` -X ${method}`} ${shellQuote(finalUrl)}`];
      for (const h of headers) lines.push(`-H ${shellQuote(`${h.name}: ${h.value}`)}`);
      if (body !== null) lines.push(`--data-raw ${shellQuote(body)}`);
      snippets.curl = lines.join(' \\\n  ');
    }
    if (targets.has('fetch')) {
      const parts = [`  method: ${jsString(method)},`];
      if (headers.length > 0) parts.push(`  headers: {\n${headers.map((h) => `    ${jsString(h.name)}: ${jsString(h.value)},`).join('\n')}\n  },`);
      if (body !== null)
        parts.push(bodyType === 'json' ? `  body: JSON.stringify(${indentBlock(JSON.stringify(jsonValue, null, 2), '  ')}),` : `  body: ${jsString(body)},`);
      snippets.fetch = `const response = await fetch(${jsString(finalUrl)}, {\n${parts.join('\n')}\n});\nconsole.log(response.status, await response.text());`;
    }
    if (targets.has('python')) {
      const args = [`    ${pyString(finalUrl)},`];
      if (headers.length > 0) args.push(`    headers={\n${headers.map((h) => `        ${pyString(h.name)}: ${pyString(h.value)},`).join('\n')}\n    },`);
      if (body !== null) args.push(bodyType === 'json' ? `    json=${pyLiteral(jsonValue, '    ')},` : `    data=${pyString(body)}.encode("utf-8"),`);
      args.push('    timeout=30,');
      const call = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(method)
        ? `requests.${method.toLowerCase()}(`
        : `requests.request(${pyString(method)}, `;
      snippets.python = `import requests\n\nresponse = ${call}\n${args.join('\n')}\n)\nprint(response.status_code, response.text)`;
    }
    if (targets.has('httpie')) {
      const lines = [`http ${method} ${shellQuote(finalUrl)}`];
      for (const h of headers) lines.push(shellQuote(h.value === '' ? `${h.name};` : `${h.name}:${h.value}`));
      if (body !== null) lines.push(`--raw ${shellQuote(body)}`);
      snippets.httpie = lines.join(' \\\n  ');
    }
    if (targets.has('http')) {
      const head = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, ...headers.map((h) => `${h.name}: ${h.value}`)];
      if (body !== null && !hasHeader(headers, 'content-length')) head.push(`Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
      snippets.http = `${head.join('\r\n')}\r\n\r\n${body ?? ''}`;
    }
    return { method, url: finalUrl, headers, body, snippets };
  },
});
