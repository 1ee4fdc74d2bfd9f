import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { algorithmName, decodeBytes, encodeBytes, inputEncodingField, OUTPUT_ENCODINGS } from './bytes.ts';

/** Each algorithm with its size and whether it still resists collisions. */
const ALGORITHMS = {
  md5: { bits: 128, secure: false, note: 'Broken: collisions can be made in seconds (RFC 6151). Use only for non-security checksums.' },
  sha1: { bits: 160, secure: false, note: 'Broken: practical collisions exist (SHAttered, 2017). Use only for legacy compatibility.' },
  sha224: { bits: 224, secure: true, note: 'SHA-2 (FIPS 180-4).' },
  sha256: { bits: 256, secure: true, note: 'SHA-2 (FIPS 180-4); the usual choice.' },
  sha384: { bits: 384, secure: true, note: 'SHA-2 (FIPS 180-4).' },
  sha512: { bits: 512, secure: true, note: 'SHA-2 (FIPS 180-4).' },
  'sha512-224': { bits: 224, secure: true, note: 'SHA-512/224 (FIPS 180-4).' },
  'sha512-256': { bits: 256, secure: true, note: 'SHA-512/256 (FIPS 180-4).' },
  'sha3-224': { bits: 224, secure: true, note: 'SHA-3 (FIPS 202).' },
  'sha3-256': { bits: 256, secure: true, note: 'SHA-3 (FIPS 202).' },
  'sha3-384': { bits: 384, secure: true, note: 'SHA-3 (FIPS 202).' },
  'sha3-512': { bits: 512, secure: true, note: 'SHA-3 (FIPS 202).' },
  blake2b512: { bits: 512, secure: true, note: 'BLAKE2b-512 (RFC 7693).' },
  blake2s256: { bits: 256, secure: true, note: 'BLAKE2s-256 (RFC 7693).' },
  ripemd160: { bits: 160, secure: true, note: 'RIPEMD-160; legacy (Bitcoin addresses), prefer SHA-256.' },
} as const;
type Algorithm = keyof typeof ALGORITHMS;
const NAMES = Object.keys(ALGORITHMS) as [Algorithm, ...Algorithm[]];
const DEFAULT_SET: Algorithm[] = ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3-256', 'sha3-512'];

const algorithm = algorithmName(NAMES);

export default defineTool({
  module: 'security-apis',
  slug: 'hash-generator',
  cpu: 'large-input',
  title: 'Hash generator (MD5, SHA-1, SHA-2, SHA-3, BLAKE2)',
  description:
    'Computes cryptographic digests of a text: MD5, SHA-1, SHA-224/256/384/512, SHA-512/224, SHA-512/256, ' +
    'SHA3-224/256/384/512, BLAKE2b-512, BLAKE2s-256 and RIPEMD-160. Without `algorithm`/`algorithms` it returns ' +
    'the common set (MD5, SHA-1, SHA-2 and SHA3-256/512). The text is hashed as UTF-8 unless `inputEncoding` ' +
    'says it is hex or Base64 bytes; digests come as lowercase hex (or Base64/base64url). Each digest says ' +
    'whether the algorithm still resists collisions (MD5 and SHA-1 do not). For checksums, content ' +
    'fingerprints and comparing against published digests; for passwords use bcrypt-hash-generator instead, ' +
    'for keyed signatures hmac-generator.',
  keywords: ['hash', 'digest', 'md5', 'sha1', 'sha256', 'sha512', 'sha3', 'blake2', 'checksum', 'fingerprint'],
  input: () =>
    z.object({
      text: textField('The text (or hex/Base64 bytes, see inputEncoding) to hash'),
      algorithm: algorithm.optional().describe(`One algorithm: ${NAMES.join(', ')} (SHA-256 style spellings work too)`),
      algorithms: z
        .array(algorithm)
        .min(1, 'at least one algorithm')
        .max(NAMES.length)
        .optional()
        .describe('Several algorithms at once; combined with `algorithm`. Default: md5, sha1, sha224, sha256, sha384, sha512, sha3-256, sha3-512'),
      inputEncoding: inputEncodingField('`text`'),
      encoding: z.enum(OUTPUT_ENCODINGS).default('hex').describe('How digests are written: hex (lowercase, default), base64 or base64url'),
    }),
  output: () =>
    z.object({
      inputBytes: z.number().int().nonnegative().describe('Number of bytes hashed'),
      encoding: z.enum(OUTPUT_ENCODINGS).describe('Encoding of the digests'),
      digests: z
        .array(
          z.object({
            algorithm: z.enum(NAMES).describe('Algorithm name'),
            digest: z.string().describe('The digest'),
            bits: z.number().int().describe('Digest size in bits'),
            collisionResistant: z.boolean().describe('False for MD5 and SHA-1, whose collisions can be made in practice'),
            note: z.string().describe('What the algorithm is and where it is appropriate'),
          }),
        )
        .describe('One digest per algorithm, in the order asked'),
    }),
  examples: [
    {
      title: 'SHA-256 of "abc" (FIPS 180-4 example)',
      reference: 'FIPS 180-4 / NIST SHA-256 example "abc"',
      input: { text: 'abc', algorithm: 'sha256' },
      output: {
        inputBytes: 3,
        encoding: 'hex',
        digests: [
          {
            algorithm: 'sha256',
            digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
            bits: 256,
            collisionResistant: true,
            note: ALGORITHMS.sha256.note,
          },
        ],
      },
    },
    {
      title: 'MD5 and SHA3-256 of the empty string',
      input: { text: '', algorithms: ['MD5', 'SHA3-256'] },
      output: {
        inputBytes: 0,
        encoding: 'hex',
        digests: [
          { algorithm: 'md5', digest: 'd41d8cd98f00b204e9800998ecf8427e', bits: 128, collisionResistant: false, note: ALGORITHMS.md5.note },
          {
            algorithm: 'sha3-256',
            digest: 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a',
            bits: 256,
            collisionResistant: true,
            note: ALGORITHMS['sha3-256'].note,
          },
        ],
      },
    },
    {
      title: 'SHA-1 of hex bytes, Base64 output',
      input: { text: '616263', inputEncoding: 'hex', algorithm: 'sha1', encoding: 'base64' },
      output: {
        inputBytes: 3,
        encoding: 'base64',
        digests: [{ algorithm: 'sha1', digest: 'qZk+NkcGgWq6PiVxeFDCbJzQ2J0=', bits: 160, collisionResistant: false, note: ALGORITHMS.sha1.note }],
      },
    },
  ],
  run: ({ text, algorithm, algorithms, inputEncoding, encoding }) => {
    const bytes = decodeBytes(text, inputEncoding, 'text');
    const chosen = algorithm === undefined && algorithms === undefined ? DEFAULT_SET : [...new Set([...(algorithm ? [algorithm] : []), ...(algorithms ?? [])])];
    return {
      inputBytes: bytes.length,
      encoding,
      digests: chosen.map((name) => ({
        algorithm: name,
        digest: encodeBytes(createHash(name).update(bytes).digest(), encoding),
        bits: ALGORITHMS[name].bits,
        collisionResistant: ALGORITHMS[name].secure,
        note: ALGORITHMS[name].note,
      })),
    };
  },
});
