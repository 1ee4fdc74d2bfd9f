/** Locale-aware sorting shared by sort-words and sort-lines (Intl.Collator, UCA ordering). */
export interface CollateOptions {
  order: 'asc' | 'desc';
  /** BCP 47 tag; default `en` (root ordering plus English conventions). */
  locale?: string | undefined;
  /** `Apple` and `apple` are equal (their input order is kept); otherwise upper case sorts first. */
  caseInsensitive: boolean;
  /** Digits compare by value: `item2` before `item10`. */
  numeric: boolean;
  /** Keep only the first of items that compare equal. */
  unique: boolean;
}

export function collate(items: readonly string[], options: CollateOptions): string[] {
  const collator = new Intl.Collator(options.locale ?? 'en', {
    numeric: options.numeric,
    sensitivity: options.caseInsensitive ? 'accent' : 'variant',
    caseFirst: options.caseInsensitive ? 'false' : 'upper',
    usage: 'sort',
  });
  const direction = options.order === 'asc' ? 1 : -1;
  // Array#sort is stable, so items that compare equal keep their input order (and unique keeps the first).
  const sorted = [...items].sort((a, b) => direction * collator.compare(a, b));
  if (!options.unique) return sorted;
  return sorted.filter((item, i) => i === 0 || collator.compare(sorted[i - 1] ?? '', item) !== 0);
}
