import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { algorithmField, decodeBytes, DIGEST_BYTES, HMAC_ALGORITHMS, inputEncodingField, OUTPUT_ENCODINGS } from './bytes.ts';

const MAX_SECRET_CHARS = 10_000;

export default defineTool({
  module: 'security-apis',
  slug: 'hmac-generator',
  cpu: 'large-input',
  title: 'HMAC generator',
  description:
    'Computes an HMAC (RFC 2104) of a text with a secret key: HMAC-SHA256 by default, or SHA-1, SHA-224, ' +
    'SHA-384, SHA-512, SHA3-224/256/384/512 or MD5. The text and the secret are UTF-8 unless ' +
    '`textEncoding`/`secretEncoding` say they are hex or Base64 bytes (for binary keys such as Standard ' +
    'Webhooks secrets). The result is given in the requested `encoding` (hex by default) and also in hex, ' +
    'Base64 and base64url, so it can be compared with any signature header. For signing API requests and ' +
    'webhook payloads; to check a received webhook signature use webhook-signature-verifier. The secret is ' +
    'never echoed or logged.',
  keywords: ['hmac', 'hmac-sha256', 'signature', 'mac', 'keyed hash', 'sign', 'webhook', 'api signing'],
  input: () =>
    z.object({
      text: textField('The message to authenticate (for webhooks: the raw request body, byte for byte)'),
      secret: z.string().min(1, 'must not be empty').max(MAX_SECRET_CHARS, `at most ${MAX_SECRET_CHARS} characters`).describe('The secret key'),
      algorithm: algorithmField(HMAC_ALGORITHMS, 'sha256', `Hash function: ${HMAC_ALGORITHMS.join(', ')} (default sha256; SHA-256 style spellings work too)`),
      encoding: z.enum(OUTPUT_ENCODINGS).default('hex').describe('Encoding of `hmac`: hex (lowercase, default), base64 or base64url'),
      textEncoding: inputEncodingField('`text`'),
      secretEncoding: inputEncodingField('`secret`'),
    }),
  output: () =>
    z.object({
      algorithm: z.enum(HMAC_ALGORITHMS).describe('Hash function used'),
      encoding: z.enum(OUTPUT_ENCODINGS).describe('Encoding of `hmac`'),
      hmac: z.string().describe('The HMAC in the requested encoding'),
      hex: z.string().describe('The HMAC as lowercase hex'),
      base64: z.string().describe('The HMAC as Base64'),
      base64url: z.string().describe('The HMAC as base64url (no padding)'),
      bits: z.number().int().describe('HMAC size in bits'),
      messageBytes: z.number().int().nonnegative().describe('Bytes of the message that were authenticated'),
    }),
  examples: [
    {
      title: "GitHub's documented webhook example (X-Hub-Signature-256)",
      input: { text: 'Hello, World!', secret: "It's a Secret to Everybody" },
      output: {
        algorithm: 'sha256',
        encoding: 'hex',
        hmac: '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
        hex: '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
        base64: 'dXEH6g6yUJ/CESIczphLijdXC211hsIsRvQ3nIsEPhc=',
        base64url: 'dXEH6g6yUJ_CESIczphLijdXC211hsIsRvQ3nIsEPhc',
        bits: 256,
        messageBytes: 13,
      },
    },
    {
      title: 'RFC 4231 test case 2, HMAC-SHA-512',
      reference: 'RFC 4231 test case 2',
      input: { text: 'what do ya want for nothing?', secret: 'Jefe', algorithm: 'SHA-512' },
      output: {
        algorithm: 'sha512',
        encoding: 'hex',
        hmac: '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
        hex: '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
        base64: 'Fkt6e/z4GeLjlfvnO1bgo4e9ZCIugx/WECcM1+olBVSXWL91wFqZSm0DT2X48Ob9yuqxo01Ka0tjbgcKOLznNw==',
        base64url: 'Fkt6e_z4GeLjlfvnO1bgo4e9ZCIugx_WECcM1-olBVSXWL91wFqZSm0DT2X48Ob9yuqxo01Ka0tjbgcKOLznNw',
        bits: 512,
        messageBytes: 28,
      },
    },
    {
      title: 'RFC 4231 test case 1 with a hex key, Base64 output',
      reference: 'RFC 4231 test case 1',
      input: { text: 'Hi There', secret: '0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b', secretEncoding: 'hex', encoding: 'base64' },
      output: {
        algorithm: 'sha256',
        encoding: 'base64',
        hmac: 'sDRMYdjbOFNcqK/OrwvxK4gdwgDJgz2nJuk3bC4yz/c=',
        hex: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
        base64: 'sDRMYdjbOFNcqK/OrwvxK4gdwgDJgz2nJuk3bC4yz/c=',
        base64url: 'sDRMYdjbOFNcqK_OrwvxK4gdwgDJgz2nJuk3bC4yz_c',
        bits: 256,
        messageBytes: 8,
      },
    },
  ],
  run: ({ text, secret, algorithm, encoding, textEncoding, secretEncoding }, ctx) => {
    const message = decodeBytes(text, textEncoding, 'text');
    const key = decodeBytes(secret, secretEncoding, 'secret');
    if (key.length === 0) ctx.warn('The secret decodes to zero bytes: anyone can compute this HMAC.');
    else if (key.length < DIGEST_BYTES[algorithm]) {
      ctx.warn(
        `The secret is ${key.length} bytes; RFC 2104 recommends at least ${DIGEST_BYTES[algorithm]} bytes (the ${algorithm} output size) of random key.`,
      );
    }
    if (algorithm === 'md5' || algorithm === 'sha1') ctx.warn(`HMAC-${algorithm.toUpperCase()} is a legacy choice; prefer HMAC-SHA256 for new designs.`);
    const mac = createHmac(algorithm, key).update(message).digest();
    return {
      algorithm,
      encoding,
      hmac: mac.toString(encoding),
      hex: mac.toString('hex'),
      base64: mac.toString('base64'),
      base64url: mac.toString('base64url'),
      bits: mac.length * 8,
      messageBytes: message.length,
    };
  },
});
