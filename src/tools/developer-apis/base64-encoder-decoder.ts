import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9\-_]*$/;

/** Strict Base64 decode: whitespace ignored, one alphabet, padding only at the end; throws a 400 naming `text`. */
function decodeStrict(input: string, urlSafe: boolean | undefined): { bytes: Buffer; variant: 'standard' | 'url' } {
  const compact = input.replace(/[\s]+/g, '');
  const firstPad = compact.indexOf('=');
  const body = firstPad === -1 ? compact : compact.slice(0, firstPad);
  const padding = firstPad === -1 ? '' : compact.slice(firstPad);
  const bad = /[^A-Za-z0-9+/\-_]/.exec(body);
  if (bad) throw invalidField('text', `not Base64: character '${bad[0]}' at position ${input.indexOf(bad[0])} is outside the Base64 alphabet`);
  if (!/^={0,2}$/.test(padding)) throw invalidField('text', "not Base64: '=' padding may only appear (at most twice) at the end");
  const hasStandard = /[+/]/.test(body);
  const hasUrl = /[-_]/.test(body);
  if (hasStandard && hasUrl) throw invalidField('text', "not Base64: mixes the standard ('+', '/') and URL-safe ('-', '_') alphabets");
  if (urlSafe === true && !URL_SAFE.test(body)) throw invalidField('text', "not base64url: contains '+' or '/' (set urlSafe to false or omit it)");
  if (urlSafe === false && !STANDARD.test(body)) throw invalidField('text', "not standard Base64: contains '-' or '_' (set urlSafe to true or omit it)");
  if (body.length % 4 === 1) throw invalidField('text', `not Base64: ${body.length} characters cannot encode whole bytes (a length of 4n+1 is impossible)`);
  if (padding.length > 0 && (body.length + padding.length) % 4 !== 0) throw invalidField('text', 'not Base64: wrong amount of = padding for this length');
  const variant: 'url' | 'standard' = hasUrl || (urlSafe === true && !hasStandard) ? 'url' : 'standard';
  return { bytes: Buffer.from(body, variant === 'url' ? 'base64url' : 'base64'), variant };
}

export default defineTool({
  module: 'developer-apis',
  slug: 'base64-encoder-decoder',
  cpu: 'large-input',
  title: 'Base64 encoder / decoder',
  description:
    'Encodes UTF-8 text to Base64, or decodes Base64 back to text. Supports standard Base64 (RFC 4648 §4, "+/" with = padding) and base64url (§5, "-_", unpadded by default, as used in JWTs). ' +
    'Decoding is strict: whitespace and line breaks are ignored, but characters outside the alphabet, misplaced padding or an impossible length are a 400 naming the problem; ' +
    'the alphabet is detected automatically unless urlSafe is given. Decoded bytes that are not valid UTF-8 are returned with U+FFFD replacements plus their hex, with a warning.',
  keywords: ['base64', 'base64url', 'encode', 'decode', 'btoa', 'atob', 'rfc 4648'],
  input: () =>
    z.object({
      text: textField('Text to encode, or Base64 to decode'),
      mode: z.enum(['encode', 'decode']).describe('encode: text → Base64; decode: Base64 → text'),
      urlSafe: z.boolean().optional().describe('Use the base64url alphabet (- and _). Encode default false; decode default: detect automatically.'),
      padding: z.boolean().optional().describe('Encode only: add = padding. Default true for standard Base64, false for base64url.'),
    }),
  output: () =>
    z.object({
      result: z.string().describe('The Base64 text (encode) or the decoded UTF-8 text (decode)'),
      mode: z.enum(['encode', 'decode']),
      variant: z.enum(['standard', 'url']).describe('The alphabet used or detected'),
      inputBytes: z.number().describe('Bytes of the text to encode, or of the Base64 text to decode'),
      outputBytes: z.number().describe('Bytes of the Base64 text, or of the decoded data'),
      validUtf8: z.boolean().describe('Decode: whether the decoded bytes are valid UTF-8 (always true for encode)'),
      hex: z.string().nullable().describe('Decode: the decoded bytes in hex when they are not valid UTF-8; otherwise null'),
    }),
  examples: [
    {
      title: 'encode UTF-8 text',
      input: { text: 'Hello, wörld! 👋', mode: 'encode' },
      output: { result: 'SGVsbG8sIHfDtnJsZCEg8J+Riw==', mode: 'encode', variant: 'standard', inputBytes: 19, outputBytes: 28, validUtf8: true, hex: null },
    },
    {
      title: 'encode base64url (unpadded, as in JWTs)',
      input: { text: '{"alg":"HS256"}', mode: 'encode', urlSafe: true },
      output: { result: 'eyJhbGciOiJIUzI1NiJ9', mode: 'encode', variant: 'url', inputBytes: 15, outputBytes: 20, validUtf8: true, hex: null },
    },
    {
      title: 'decode (alphabet detected, line breaks ignored)',
      input: { text: 'SGVsbG8s\nIHfDtnJsZCEg8J-Riw', mode: 'decode' },
      output: { result: 'Hello, wörld! 👋', mode: 'decode', variant: 'url', inputBytes: 27, outputBytes: 19, validUtf8: true, hex: null },
    },
  ],
  run: ({ text, mode, urlSafe, padding }, ctx) => {
    if (mode === 'encode') {
      if (!text.isWellFormed()) ctx.warn('text contains unpaired UTF-16 surrogates; they were encoded as U+FFFD.');
      const bytes = Buffer.from(text, 'utf8');
      const variant: 'url' | 'standard' = urlSafe ? 'url' : 'standard';
      let result = bytes.toString(variant === 'url' ? 'base64url' : 'base64');
      const pad = padding ?? variant === 'standard';
      if (pad) result = result.padEnd(Math.ceil(result.length / 4) * 4, '=');
      else result = result.replace(/=+$/, '');
      return { result, mode, variant, inputBytes: bytes.length, outputBytes: result.length, validUtf8: true, hex: null };
    }
    const { bytes, variant } = decodeStrict(text, urlSafe);
    let result: string;
    let validUtf8 = true;
    try {
      result = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      validUtf8 = false;
      result = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      ctx.warn('The decoded bytes are not valid UTF-8 (binary data?): invalid sequences became U+FFFD; see hex for the exact bytes.');
    }
    return {
      result,
      mode,
      variant,
      inputBytes: Buffer.byteLength(text, 'utf8'),
      outputBytes: bytes.length,
      validUtf8,
      hex: validUtf8 ? null : bytes.toString('hex'),
    };
  },
});
