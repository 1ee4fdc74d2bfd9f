/**
 * Percent-decoding (RFC 3986 §2.1) of text that comes from outside: a URL path or query, a link in a page or an
 * archive. A malformed escape (`%zz`, a lone `%`, bytes that are not UTF-8) stays as it is written instead of
 * throwing, so a crafted link can never turn a call into a 500.
 */
export function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
