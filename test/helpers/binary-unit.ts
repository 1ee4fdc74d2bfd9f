import fc from 'fast-check';

/*
 * fast-check's `unit: 'binary'` (any code point but a surrogate) is fc.nat() over the 1,112,064 code points,
 * mapped through a table whose reverse (value → index, for shrinking and for the dangerous-string slices that
 * fc.string mixes in) fast-check builds on first use: a 1.1-million-entry Map, ~0.9 s of every test process that
 * used it. binaryUnit is the same fc.nat() mapped by arithmetic both ways, so fc.string({ unit: binaryUnit })
 * draws, biases and shrinks exactly as fc.string({ unit: 'binary' }) does.
 */
const FIRST_SURROGATE = 0xd800;
const SURROGATES = 0xe000 - FIRST_SURROGATE;

export const binaryUnit: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < FIRST_SURROGATE ? index : index + SURROGATES),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= FIRST_SURROGATE && code < FIRST_SURROGATE + SURROGATES)) {
      throw new Error('not a single code point');
    }
    return code < FIRST_SURROGATE ? code : code - SURROGATES;
  },
);
