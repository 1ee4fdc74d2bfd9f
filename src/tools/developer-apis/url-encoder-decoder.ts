import { z } from 'zod';
import { invalidField, utf8Encodable } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

type Variant = 'component' | 'uri' | 'form';

/** RFC 3986 strict: encodeURIComponent also leaves !'()* alone, which are reserved sub-delims. */
function encodeStrict(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function encode(text: string, variant: Variant): string {
  if (variant === 'uri') return encodeURI(text);
  if (variant === 'form') return encodeStrict(text).replace(/%20/g, '+');
  return encodeStrict(text);
}

/** Explains why a percent-decoding failed: a malformed escape, or escapes that are not UTF-8. */
function decodeFailure(text: string): string {
  const malformed = /%(?![0-9A-Fa-f]{2})/.exec(text);
  if (malformed)
    return `malformed percent-escape '${text.slice(malformed.index, malformed.index + 3)}' at position ${malformed.index} (a % must be followed by two hex digits; encode a literal % as %25)`;
  for (const run of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    const bytes = Buffer.from(run[0].replace(/%/g, ''), 'hex');
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return `the escapes '${run[0].slice(0, 24)}' at position ${run.index} are not valid UTF-8`;
    }
  }
  return 'cannot be percent-decoded';
}

function decode(text: string, variant: Variant): string {
  try {
    if (variant === 'uri') return decodeURI(text);
    if (variant === 'form') return decodeURIComponent(text.replace(/\+/g, ' '));
    return decodeURIComponent(text);
  } catch {
    throw invalidField('text', decodeFailure(variant === 'form' ? text.replace(/\+/g, ' ') : text));
  }
}

function queryParametersOf(decodedFrom: string): { name: string; value: string }[] {
  const query = decodedFrom.includes('?') ? (decodedFrom.slice(decodedFrom.indexOf('?') + 1).split('#')[0] ?? '') : decodedFrom;
  if (!/^[^=&#\s]+=/.test(query)) return [];
  try {
    return [...new URLSearchParams(query)].slice(0, 500).map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

export default defineTool({
  module: 'developer-apis',
  slug: 'url-encoder-decoder',
  cpu: 'large-input',
  title: 'URL encoder / decoder',
  description:
    'Percent-encodes text for URLs or decodes it, UTF-8 correct. variant "component" (default) encodes everything but unreserved characters (RFC 3986 strict, so !\'()* are encoded too) — use it for a query value or path segment; ' +
    '"uri" keeps URL syntax (: / ? # & =) like encodeURI — use it for a whole URL; "form" is application/x-www-form-urlencoded (spaces as +). ' +
    'Decoding a malformed escape (e.g. "%E0%A4%A") is a 400 that says where. When decoding a query string, its parameters are listed too.',
  keywords: ['url encode', 'url decode', 'percent encoding', 'encodeURIComponent', 'query string', 'urlencoded', 'escape'],
  input: () =>
    z.object({
      text: textField('Text to encode, or percent-encoded text to decode'),
      mode: z.enum(['encode', 'decode']).describe('encode or decode'),
      variant: z
        .enum(['component', 'uri', 'form'])
        .optional()
        .describe('component (default): one URL part, RFC 3986 strict; uri: a whole URL, keeps its syntax characters; form: x-www-form-urlencoded, space as +'),
    }),
  output: () =>
    z.object({
      result: z.string(),
      mode: z.enum(['encode', 'decode']),
      variant: z.enum(['component', 'uri', 'form']),
      changed: z.boolean().describe('Whether the result differs from the input'),
      queryParameters: z
        .array(z.object({ name: z.string(), value: z.string() }))
        .describe('Decode only: the name/value pairs when the input is (or contains) a query string; otherwise empty'),
    }),
  examples: [
    {
      title: 'encode a query value',
      input: { text: 'café & crème/100% (fresh)', mode: 'encode' },
      output: { result: 'caf%C3%A9%20%26%20cr%C3%A8me%2F100%25%20%28fresh%29', mode: 'encode', variant: 'component', changed: true, queryParameters: [] },
    },
    {
      title: 'encode a whole URL, keeping its structure',
      input: { text: 'https://example.com/søk?q=a b&lang=nb', mode: 'encode', variant: 'uri' },
      output: { result: 'https://example.com/s%C3%B8k?q=a%20b&lang=nb', mode: 'encode', variant: 'uri', changed: true, queryParameters: [] },
    },
    {
      title: 'decode a form-encoded query string',
      input: { text: 'q=hello+world&tag=%E2%9C%93&empty=', mode: 'decode', variant: 'form' },
      output: {
        result: 'q=hello world&tag=✓&empty=',
        mode: 'decode',
        variant: 'form',
        changed: true,
        queryParameters: [
          { name: 'q', value: 'hello world' },
          { name: 'tag', value: '✓' },
          { name: 'empty', value: '' },
        ],
      },
    },
  ],
  run: ({ text, mode, variant = 'component' }) => {
    if (mode === 'encode') {
      utf8Encodable('text', text);
      const result = encode(text, variant);
      return { result, mode, variant, changed: result !== text, queryParameters: [] };
    }
    const result = decode(text, variant);
    return { result, mode, variant, changed: result !== text, queryParameters: queryParametersOf(text) };
  },
});
