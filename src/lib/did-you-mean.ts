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
  return suggestion(closestNames(typed, known));
}

function suggestion(names: readonly string[]): string {
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return ` Did you mean ${list}?`;
}

/** The words of a name or a description that a mistyped name is compared with: lower-case, three letters or more. */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);

/** Two words are alike when they are equal, or the shorter, of four letters or more, begins the longer ("count", "counter", "counting"). */
function alike(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 ? long.startsWith(short) : short === long;
}

/**
 * For a name that is not close to any known one by spelling: the known names whose words (`wordsOf` their
 * description) share the most of its words (`word-counter` → `text-stats`, whose keywords say "word count"), at most
 * three, or none when no word matches.
 */
export function didYouMeanByWords(typed: string, known: readonly { name: string; words: readonly string[] }[]): string {
  const typedWords = wordsOf(typed);
  const scored = known.map(({ name, words }) => ({ name, score: typedWords.filter((t) => words.some((w) => alike(t, w))).length }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best === 0) return '';
  const names = scored.filter((s) => s.score === best).map((s) => s.name);
  return names.length > 3 ? '' : suggestion(names);
}
