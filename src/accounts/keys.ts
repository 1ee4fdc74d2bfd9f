import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PREFIX = 'tk_';
/** `tk_` + 8 public characters (the lookup) + 32 secret characters: 40 base62 characters, about 238 bits. */
const LOOKUP_CHARS = 8;
const SECRET_CHARS = 32;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${LOOKUP_CHARS + SECRET_CHARS}}$`);

/** Uniform base62 from a CSPRNG: bytes >= 248 are rejected so no character is more likely than another. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateApiKey(): string {
  return KEY_PREFIX + randomBase62(LOOKUP_CHARS + SECRET_CHARS);
}

/** The public part that finds a key's row, or undefined for a string that cannot be a key. */
export function keyLookup(key: string): string | undefined {
  return KEY_PATTERN.test(key) ? key.slice(0, KEY_PREFIX.length + LOOKUP_CHARS) : undefined;
}

/** Keys are stored only as HMAC-SHA256 under the server secret. */
export function hashSecret(value: string, serverSecret: string): string {
  return createHmac('sha256', serverSecret).update(value).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
