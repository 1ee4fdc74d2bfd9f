import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fnv1a64 } from './similarity.ts';

const hex = ([hi, lo]: [number, number]): string => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

/** FNV-1a 64 straight from its definition (offset basis, XOR each byte, multiply by the prime mod 2^64), in BigInt. */
function reference(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

test('FNV-1a 64 gives the published test vectors (the FNV reference test suite)', () => {
  assert.equal(hex(fnv1a64('')), 'cbf29ce484222325');
  assert.equal(hex(fnv1a64('a')), 'af63dc4c8601ec8c');
  assert.equal(hex(fnv1a64('foobar')), '85944171f73967e8');
});

test('FNV-1a 64 in 32-bit halves equals the BigInt definition on any text, non-ASCII included', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.lorem({ maxCount: 20 })), (s) => hex(fnv1a64(s)) === reference(s)),
    { numRuns: 2000 },
  );
});
