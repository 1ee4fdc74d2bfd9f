/** `<` where it would open an HTML tag, comment or declaration. */
const TAG_OPEN = /<(?=[A-Za-z/!?])/g;

/**
 * Tool descriptions are plain text written for the catalog and MCP as much as for the reference page, which
 * renders them as Markdown (CommonMark). Raw HTML in them (`<script>`, `<title>`) would be dropped or even run
 * by a renderer, so each `<` that would open a tag becomes `&lt;` and shows as written. A code span holding a
 * tag is unwrapped first: inside one, `&lt;` would show literally, and linters flag `<script` anywhere.
 */
export function markdownSafe(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(TAG_OPEN, '&lt;');
      if (!part.includes('<')) return part;
      return part
        .slice(1, -1)
        .replace(/[\\*_[\]]/g, '\\$&')
        .replace(TAG_OPEN, '&lt;');
    })
    .join('');
}

/** Values that are data, not prose: left exactly as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** A copy of the document with every `description` made safe for Markdown (the cached schemas stay as they are). */
export function withSafeDescriptions<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item: unknown) => withSafeDescriptions(item)) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'description' && typeof value === 'string') return [key, markdownSafe(value)];
      return [key, DATA_KEYS.has(key) ? value : withSafeDescriptions(value)];
    }),
  ) as T;
}
