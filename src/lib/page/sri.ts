import { createHash } from 'node:crypto';

/** Subresource Integrity: parse integrity attributes and compute digests (sha256/384/512, base64). */
export function parseIntegrity(value: string): Array<{ algorithm: string; digest: string; valid: boolean }> {
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const m = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(\?.*)?$/.exec(token);
      return m ? { algorithm: m[1]!, digest: m[2]!, valid: true } : { algorithm: token.split('-')[0] ?? '', digest: '', valid: false };
    });
}

export function digest(body: Buffer, algorithm: string): string {
  return createHash(algorithm).update(body).digest('base64');
}
