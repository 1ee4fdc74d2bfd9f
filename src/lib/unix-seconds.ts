/**
 * Seconds since 1970 as ISO 8601 UTC, where a date can hold them: ECMAScript's time range is ±100,000,000 days from
 * 1970 (±8.64e12 s, years -271821 to 275760). A JWT NumericDate may be any JSON number (RFC 7519 §2), so beyond that
 * range, or not finite, there is no ISO time: null.
 */
export const MAX_DATE_SECONDS = 8.64e12;

export function isoOfUnixSeconds(seconds: number): string | null {
  return Number.isFinite(seconds) && Math.abs(seconds) <= MAX_DATE_SECONDS ? new Date(seconds * 1000).toISOString() : null;
}
