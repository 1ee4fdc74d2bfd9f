import type { ChildNode, Document } from 'domhandler';
import { parseHtml } from '../../../lib/markup.ts';
import { ToolError } from '../../../core/errors.ts';
import type { JsonValue } from './json.ts';

/** HTML nests deeper than data in practice (layout divs), but not this deep. */
export const MAX_HTML_DEPTH = 256;
export const MAX_HTML_NODES = 500_000;

/** The service's one HTML parser (src/lib/markup.ts): a page converts as the SEO tools and browsers see it. */
export { parseHtml };

export interface HtmlTreeOptions {
  includeComments: boolean;
  /** Keep text nodes that are only whitespace (layout between tags). */
  keepWhitespace: boolean;
}

/**
 * The DOM as JSON: `{type: "element", tag, attributes, children}`, `{type: "text", text}` and, when asked,
 * `{type: "comment", text}`; the root is `{type: "document", doctype, children}`. Script and style
 * contents are kept as text (they are part of the document); entities are decoded.
 */
export function htmlToTree(text: string, options: HtmlTreeOptions, field = 'file'): { type: 'document'; doctype: string | null; children: JsonValue[] } {
  const document = parseHtml(text);
  let nodes = 0;
  let doctype: string | null = null;
  const convert = (node: ChildNode, depth: number): JsonValue | undefined => {
    if (++nodes > MAX_HTML_NODES) throw new ToolError('validation_failed', `${field}: the HTML has more than ${MAX_HTML_NODES.toLocaleString('en')} nodes.`);
    if (depth > MAX_HTML_DEPTH) throw new ToolError('validation_failed', `${field}: the HTML is nested more than ${MAX_HTML_DEPTH} levels deep.`);
    switch (node.type) {
      case 'text': {
        if (!options.keepWhitespace && !node.data.trim()) return undefined;
        return { type: 'text', text: node.data };
      }
      case 'comment':
        return options.includeComments ? { type: 'comment', text: node.data } : undefined;
      case 'directive':
        if (/^!doctype/i.test(node.data)) doctype = node.data.replace(/^!doctype\s*/i, '').trim() || 'html';
        return undefined;
      case 'tag':
      case 'script':
      case 'style': {
        const children: JsonValue[] = [];
        for (const child of node.children) {
          const converted = convert(child, depth + 1);
          if (converted !== undefined) children.push(converted);
        }
        return { type: 'element', tag: node.name, attributes: { ...node.attribs }, children };
      }
      case 'cdata': {
        const inner = node.children.map((c) => (c.type === 'text' ? c.data : '')).join('');
        return { type: 'text', text: inner };
      }
      default:
        return undefined;
    }
  };
  const children: JsonValue[] = [];
  for (const child of document.children) {
    const converted = convert(child, 1);
    if (converted !== undefined) children.push(converted);
  }
  return { type: 'document', doctype, children };
}

/** Bounds an HTML document's depth and size before another library walks it recursively. */
export function checkHtmlBounds(text: string, field = 'file'): Document {
  const document = parseHtml(text);
  const stack: Array<[ChildNode, number]> = document.children.map((c) => [c, 1]);
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (++nodes > MAX_HTML_NODES) throw new ToolError('validation_failed', `${field}: the HTML has more than ${MAX_HTML_NODES.toLocaleString('en')} nodes.`);
    if (depth > MAX_HTML_DEPTH) throw new ToolError('validation_failed', `${field}: the HTML is nested more than ${MAX_HTML_DEPTH} levels deep.`);
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return document;
}
