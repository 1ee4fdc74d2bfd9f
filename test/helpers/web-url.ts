import fc from 'fast-check';

/*
 * fc.webUrl() draws its path, query and fragment characters from an arbitrary over every code point, which
 * fast-check takes seconds to build (once per process): most of the time of the module test files that used it.
 * webUrl() below makes the same URLs (http or https, fc.webAuthority(), a path, optional query and fragment, RFC
 * 3986 syntax) from the characters those parts allow: unreserved, sub-delims, ":" and "@", and percent-encoded
 * bytes.
 */
const PCHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@"];
const percentEncoded = fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`);
const pchar = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...PCHARS) }, { weight: 1, arbitrary: percentEncoded });
const segment = fc.string({ unit: pchar, maxLength: 10 });
/** Query and fragment characters (RFC 3986 section 3.4, 3.5): pchar, "/" and "?". */
const queryOrFragment = fc.option(
  fc.string({ unit: fc.oneof({ weight: 9, arbitrary: pchar }, { weight: 1, arbitrary: fc.constantFrom('/', '?') }), maxLength: 20 }),
  {
    nil: undefined,
  },
);

/** A random absolute http(s) URL, as fc.webUrl() makes them, built in milliseconds. */
export function webUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('http', 'https'), fc.webAuthority(), fc.array(segment, { maxLength: 5 }), queryOrFragment, queryOrFragment)
    .map(
      ([scheme, authority, path, query, fragment]) =>
        `${scheme}://${authority}${path.map((part) => `/${part}`).join('')}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`,
    );
}
