/**
 * Names of a pattern's capture groups, by group number, read from its source for the regex worker (JavaScript exposes the
 * names only through `groups`, not per number). No default export.
 */

/** `\uXXXX` and `\u{X…}` in a group name stand for the character (ECMA-262 RegExpIdentifierName). */
function decodeName(raw: string): string {
  return raw.replace(/\\u\{([0-9A-Fa-f]+)\}|\\u([0-9A-Fa-f]{4})/g, (_, braced: string | undefined, four: string | undefined) =>
    braced === undefined ? String.fromCharCode(Number.parseInt(four!, 16)) : String.fromCodePoint(Number.parseInt(braced, 16)),
  );
}

/**
 * Names of the capture groups in order (null for an unnamed one). A character class ends at its first
 * unescaped `]`; only with the v flag may it hold nested classes (ECMA-262 ClassContents: without v a
 * `[` inside a class is the character itself, so `[[]` is a whole class).
 */
export function captureGroupNames(pattern: string, flags: string): (string | null)[] {
  const nested = flags.includes('v');
  const names: (string | null)[] = [];
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (depth > 0) {
      if (c === '[' && nested) depth++;
      else if (c === ']') depth--;
      continue;
    }
    if (c === '[') {
      depth = 1;
      continue;
    }
    if (c !== '(') continue;
    if (pattern[i + 1] !== '?') {
      names.push(null);
      continue;
    }
    // (?<name>…) captures; (?<=…) (?<!…) (?:…) (?=…) (?!…) and (?i:…) do not.
    const named = /\(\?<([^=!>][^>]*)>/y;
    named.lastIndex = i;
    const name = named.exec(pattern)?.[1];
    if (name !== undefined) names.push(decodeName(name));
  }
  return names;
}
