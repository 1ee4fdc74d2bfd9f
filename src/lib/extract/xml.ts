import { type AnyNode, type Element, isTag, isText as isTextNode, type Text } from 'domhandler';

/**
 * XML for the extractors, parsed by htmlparser2 in XML mode: the five XML entities and character references
 * are decoded, DTD-declared entities never are (no entity expansion bombs, no external entities), and nothing
 * is fetched. Helpers match elements by local name, so `w:p`, `text:p` and an unprefixed `p` are found alike
 * when asked for by their local name.
 */
export { parseXml } from '../markup.ts';

export function localName(node: Element): string {
  const name = node.name;
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

// By node type, not instanceof: domhandler ships an ES module and a CommonJS build, and the parsers, loaded
// on first use with require(), make nodes of the CommonJS classes.
export function isElement(node: AnyNode): node is Element {
  return isTag(node);
}

export function isText(node: AnyNode): node is Text {
  return isTextNode(node);
}

/** Child elements, optionally only those with this local name. */
export function childElements(node: AnyNode & { children?: AnyNode[] }, name?: string): Element[] {
  const children = 'children' in node && Array.isArray(node.children) ? node.children : [];
  return children.filter((c): c is Element => isElement(c) && (name === undefined || localName(c) === name));
}

/** Every descendant element with this local name, in document order. */
export function findAll(node: AnyNode, name: string): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isElement(current) && localName(current) === name && current !== node) found.push(current);
    if ('children' in current && Array.isArray(current.children)) {
      for (let i = current.children.length - 1; i >= 0; i -= 1) stack.push(current.children[i]!);
    }
  }
  return found;
}

export function findFirst(node: AnyNode, name: string): Element | undefined {
  return findAll(node, name)[0];
}

/** An attribute by local name (`r:id` is found as `id` when no unprefixed `id` exists). */
export function attr(node: Element, name: string): string | undefined {
  if (name in node.attribs) return node.attribs[name];
  for (const [key, value] of Object.entries(node.attribs)) {
    const colon = key.indexOf(':');
    if (colon >= 0 && key.slice(colon + 1) === name) return value;
  }
  return undefined;
}

/** A namespaced attribute by local name only (`r:id`, never a plain `id`). */
export function prefixedAttr(node: Element, name: string): string | undefined {
  for (const [key, value] of Object.entries(node.attribs)) {
    const colon = key.indexOf(':');
    if (colon >= 0 && key.slice(colon + 1) === name) return value;
  }
  return undefined;
}

/** Joins blocks with a blank line, but list items (`- `) that follow each other with a single line break. */
export function joinBlocks(blocks: string[]): string {
  let out = '';
  let previousItem = false;
  for (const block of blocks) {
    const item = /^ *- /.test(block);
    if (out) out += item && previousItem ? '\n' : '\n\n';
    out += block;
    previousItem = item && !block.includes('\n');
  }
  return out;
}

/** All text below a node, concatenated as is. */
export function textContent(node: AnyNode): string {
  if (isText(node)) return node.data;
  if ('children' in node && Array.isArray(node.children)) return node.children.map(textContent).join('');
  return '';
}

/** Normalises extracted text: LF line ends, no trailing spaces, at most one blank line in a row, trimmed. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\f\v]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text of a document made of parts (sheets, slides): each part's text, a blank line between them. */
export function textOfParts(parts: readonly { text: string }[]): string {
  return tidy(
    parts
      .map((part) => part.text)
      .filter(Boolean)
      .join('\n\n'),
  );
}
