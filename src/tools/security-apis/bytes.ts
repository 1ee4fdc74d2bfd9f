/**
 * Byte handling shared by the hashing and signing tools: reading text given as UTF-8, hex or Base64,
 * writing digests, and comparing MACs in constant time. Error details name the field and what is
 * allowed, never the value (the value may be a secret).
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';

export const INPUT_ENCODINGS = ['utf8', 'hex', 'base64', 'base64url'] as const;
export type InputEncoding = (typeof INPUT_ENCODINGS)[number];

export const OUTPUT_ENCODINGS = ['hex', 'base64', 'base64url'] as const;
export type OutputEncoding = (typeof OUTPUT_ENCODINGS)[number];

export function inputEncodingField(what: string): z.ZodDefault<z.ZodEnum<{ [K in InputEncoding]: K }>> {
  return z.enum(INPUT_ENCODINGS).default('utf8').describe(`How ${what} is written: utf8 (plain text, default), hex, base64 or base64url (its bytes are used)`);
}

const HEX = /^[0-9a-fA-F]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The bytes a field stands for. Hex may carry spaces, colons or a 0x prefix (as tools print it);
 * Base64 may be wrapped over lines. A malformed value is a 400 naming `field`.
 */
export function decodeBytes(value: string, encoding: InputEncoding, field: string): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(value, 'utf8');
    case 'hex': {
      const hex = value.replace(/^0x/i, '').replace(/[\s:]/g, '');
      if (!HEX.test(hex) || hex.length % 2 !== 0) throw invalidField(field, 'not valid hex: use pairs of 0-9 and a-f (spaces and colons are ignored)');
      return Buffer.from(hex, 'hex');
    }
    case 'base64': {
      const b64 = value.replace(/\s/g, '');
      // RFC 4648 §4: the last group of 2 or 3 data characters (8 or 16 bits) may be padded with "=" to 4; one data
      // character holds only 6 bits, not a whole byte. Padding is optional here, but when present it must complete the group.
      const data = b64.replace(/=+$/, '');
      const padding = b64.length - data.length;
      if (!BASE64.test(b64) || data.length % 4 === 1 || (padding > 0 && b64.length % 4 !== 0))
        throw invalidField(
          field,
          'not valid Base64 (A-Z, a-z, 0-9, +, / and = padding to a multiple of 4 characters; a last group of one character is not a whole byte)',
        );
      return Buffer.from(b64, 'base64');
    }
    case 'base64url': {
      const b64 = value.replace(/\s/g, '').replace(/=+$/, '');
      if (!BASE64URL.test(b64) || b64.length % 4 === 1) throw invalidField(field, 'not valid base64url (A-Z, a-z, 0-9, - and _)');
      return Buffer.from(b64, 'base64url');
    }
  }
}

export function encodeBytes(bytes: Uint8Array, encoding: OutputEncoding): string {
  return Buffer.from(bytes).toString(encoding);
}

/** Whether two byte strings are equal, in time that does not depend on where they differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // timingSafeEqual needs equal lengths; a length mismatch is public (digest sizes are), so it may return early.
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** Hash functions that HMAC and the hash generator offer, by the names users write (OpenSSL names). */
export const HMAC_ALGORITHMS = ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3-224', 'sha3-256', 'sha3-384', 'sha3-512'] as const;
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];

/** Output size in bytes of each HMAC hash; an HMAC key shorter than this weakens it (RFC 2104 §3). */
export const DIGEST_BYTES: Record<HmacAlgorithm, number> = {
  md5: 16,
  sha1: 20,
  sha224: 28,
  sha256: 32,
  sha384: 48,
  sha512: 64,
  'sha3-224': 28,
  'sha3-256': 32,
  'sha3-384': 48,
  'sha3-512': 64,
};

/** Normalises spellings users write (SHA-256, sha_256, SHA3-256) to the OpenSSL name; anything else is returned lower-cased. */
export function normaliseAlgorithm(value: string): string {
  const v = value.trim().toLowerCase().replace(/_/g, '-');
  if (/^sha-?3-(224|256|384|512)$/.test(v)) return v.replace(/^sha-?3/, 'sha3');
  if (/^sha3(224|256|384|512)$/.test(v)) return `sha3-${v.slice(4)}`;
  if (/^sha-(1|224|256|384|512)$/.test(v)) return v.replace('-', '');
  if (/^sha-?512[-/](224|256)$/.test(v)) return `sha512-${v.slice(-3)}`;
  if (v === 'md-5') return 'md5';
  return v;
}

/** A z.enum of algorithm names that also accepts the usual spellings (SHA-256, SHA3_512…). */
export function algorithmName<const T extends readonly [string, ...string[]]>(names: T) {
  return z.preprocess((v) => (typeof v === 'string' ? normaliseAlgorithm(v) : v), z.enum(names));
}

/** `algorithmName` with a default. */
export function algorithmField<const T extends readonly [string, ...string[]]>(names: T, fallback: T[number], description: string) {
  return algorithmName(names).default(fallback).describe(description);
}
