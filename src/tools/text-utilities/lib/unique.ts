/** Languages whose case folding differs from the default (CaseFolding.txt status T: I ↔ ı, İ ↔ i). */
const TURKIC = new Set(['tr', 'az']);

/**
 * A key equal for two texts exactly when they are equal ignoring case (Unicode default caseless matching: full case
 * folding, CaseFolding.txt, as python's str.casefold(); "STRASSE" = "straße", "ΟΔΟΣ" = "οδοσ"). JavaScript has no
 * case folding: lower, upper, lower again folds every character alike except the dotless ı, which folds to itself
 * (not to i), so it is kept out of the mapping; in Turkish and Azeri the language's own casing gives the Turkic folding.
 */
export function caseFoldKey(text: string, locale?: string): string {
  const language = locale?.toLowerCase().split(/[-_]/u)[0];
  if (language !== undefined && TURKIC.has(language)) return text.toLocaleLowerCase(locale).toLocaleUpperCase(locale).toLocaleLowerCase(locale);
  return text
    .split('ı')
    .map((part) => part.toLowerCase().toUpperCase().toLowerCase())
    .join('ı');
}

/**
 * The first of each group of equal items, in input order: equal as strings, or ignoring case when `caseInsensitive`.
 * Not the collator's equality, which also merges texts that merely sort together ("1", "01" and "001" with numeric
 * collation, or a text and the same with an ignorable character).
 */
export function firstOfEach(items: readonly string[], caseInsensitive: boolean, locale?: string): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = caseInsensitive ? caseFoldKey(item, locale) : item;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
