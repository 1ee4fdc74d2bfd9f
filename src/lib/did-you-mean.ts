import { distance } from 'fastest-levenshtein';

/**
 * The known names closest to a mistyped one (Levenshtein distance, case-insensitive), best first: those within
 * a third of the name's length (at least 2 edits), or that start with it or contain it.
 */
export function closestNames(typed: string, known: readonly string[], limit = 3): string[] {
  const lower = typed.toLowerCase();
  const allowed = Math.max(2, Math.floor(lower.length / 3));
  return known
    .map((name) => ({ name, d: distance(lower, name.toLowerCase()) }))
    .filter(({ name, d }) => d <= allowed || name.toLowerCase().startsWith(lower) || (lower.length >= 4 && name.toLowerCase().includes(lower)))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ name }) => name);
}

/** ` Did you mean a, b or c?` (with a leading space), or '' when nothing is close. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const names = closestNames(typed, known);
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return ` Did you mean ${list}?`;
}
