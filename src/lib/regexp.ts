/** `text` as a regular-expression pattern that matches it literally: the pattern syntax characters escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
