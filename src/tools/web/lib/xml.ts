import type * as FastXmlParser from 'fast-xml-parser';
import { ToolError } from '../../../core/errors.ts';
import { checkBounds, isObject, MAX_DEPTH, type JsonObject, type JsonValue } from './json.ts';
import { lazy } from '../../../lib/lazy.ts';

const fastXmlParser = lazy<typeof FastXmlParser>('fast-xml-parser');

/**
 * XML is read with fast-xml-parser with entity processing off, and any DOCTYPE refused before parsing:
 * no external entities (XXE), no entity expansion (billion laughs). The five predefined entities and
 * character references, which need no DOCTYPE, are decoded by hand so `AT&amp;T` reads `AT&T`.
 * Attributes become `@name` keys and mixed text `#text`, the convention json-to-xml reads back.
 */
export const ATTRIBUTE_PREFIX = '@';
export const TEXT_KEY = '#text';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/** Parses an XML document into `{ rootName: value }`; a DOCTYPE or malformed XML is a 400 naming the line. */
export function parseXml(text: string, field = 'file'): JsonObject {
  const source = text.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(source) || /<!ENTITY/i.test(source)) {
    throw new ToolError(
      'validation_failed',
      `${field}: XML with a DOCTYPE or entity declarations is refused (external entities and entity expansion are not processed); remove the <!DOCTYPE …> declaration.`,
    );
  }
  const valid = fastXmlParser().XMLValidator.validate(source, { allowBooleanAttributes: true });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new ToolError('validation_failed', `${field}: malformed XML at line ${line}, column ${col}: ${msg}`);
  }
  const parser = new (fastXmlParser().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE_PREFIX,
    textNodeName: TEXT_KEY,
    parseTagValue: false,
    parseAttributeValue: false,
    // Untrimmed, so the text parts of mixed content keep the whitespace between them (see tidyText).
    trimValues: false,
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    allowBooleanAttributes: true,
    maxNestedTags: MAX_DEPTH,
    tagValueProcessor: (_name, value) => decodeXmlEntities(value),
    attributeValueProcessor: (_name, value) => decodeXmlEntities(value),
  });
  let parsed: unknown;
  try {
    parsed = parser.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nest/i.test(message)) throw new ToolError('validation_failed', `${field}: the XML is nested more than ${MAX_DEPTH} levels deep.`);
    throw new ToolError('validation_failed', `${field}: the XML could not be parsed (${message.slice(0, 200)}).`);
  }
  if (!isObject(parsed as JsonValue) || Object.keys(parsed as JsonObject).length === 0) {
    throw new ToolError('validation_failed', `${field}: the XML has no root element.`);
  }
  checkBounds(parsed as JsonValue, field, 'XML');
  return attributesFirst(tidyText(parsed as JsonValue) as JsonObject) as JsonObject;
}

/**
 * Text as XML holds it: the text of an element without child elements is trimmed; an element that mixes text and
 * child elements
 * (`<p>mixed <b>bold</b> tail</p>`) keeps its text parts in `#text`, in document order, joined by the whitespace
 * that separated them collapsed to one space (`"mixed tail"`); whitespace between elements is dropped.
 */
function tidyText(value: JsonValue): JsonValue {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(tidyText);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  const mixed = Object.keys(value).some((key) => key !== TEXT_KEY && !key.startsWith(ATTRIBUTE_PREFIX));
  for (const [key, inner] of Object.entries(value)) {
    if (key === TEXT_KEY && typeof inner === 'string') {
      const text = mixed ? inner.replace(/\s+/g, ' ').trim() : inner.trim();
      if (text !== '') out[key] = text;
    } else out[key] = key.startsWith(ATTRIBUTE_PREFIX) ? inner : tidyText(inner);
  }
  return out;
}

/** XML 1.0 names: letters, digits, `_ - .`, not starting with a digit, `-`, `.` or "xml". */
export function xmlName(raw: string, fallback = 'item'): string {
  let name = raw.normalize('NFC').replace(/[^\p{L}\p{N}_.\-]/gu, '_');
  if (!name) name = fallback;
  if (/^[\p{N}.\-]/u.test(name) || /^xml/i.test(name)) name = `_${name}`;
  return name;
}

/** Characters XML 1.0 cannot hold at all are dropped; the rest escaped. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

export function escapeXmlText(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

function scalarText(value: JsonValue): string {
  if (value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * JSON as XML: objects become child elements, arrays repeated elements of the same name, `@name` keys
 * attributes and `#text` text (the shape xml-to-json produces, so the two round-trip).
 */
export function writeXml(value: JsonValue, rootName: string, indent = '  '): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const element = (name: string, node: JsonValue, depth: number): void => {
    const pad = indent.repeat(depth);
    const tag = xmlName(name);
    if (Array.isArray(node)) {
      for (const item of node) element(name, Array.isArray(item) ? { item } : item, depth);
      return;
    }
    if (!isObject(node)) {
      const text = scalarText(node);
      lines.push(text === '' ? `${pad}<${tag}/>` : `${pad}<${tag}>${escapeXmlText(text)}</${tag}>`);
      return;
    }
    const attributes: string[] = [];
    const children: Array<[string, JsonValue]> = [];
    let text: string | undefined;
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith(ATTRIBUTE_PREFIX) && key.length > 1 && !isObject(child) && !Array.isArray(child)) {
        attributes.push(` ${xmlName(key.slice(1), 'attr')}="${escapeXmlAttribute(scalarText(child))}"`);
      } else if (key === TEXT_KEY && !isObject(child) && !Array.isArray(child)) {
        text = scalarText(child);
      } else {
        children.push([key, child]);
      }
    }
    const open = `${pad}<${tag}${attributes.join('')}`;
    if (children.length === 0) {
      lines.push(text ? `${open}>${escapeXmlText(text)}</${tag}>` : `${open}/>`);
      return;
    }
    lines.push(`${open}>`);
    if (text) lines.push(`${pad}${indent}${escapeXmlText(text)}`);
    for (const [key, child] of children) element(key, child, depth + 1);
    lines.push(`${pad}</${tag}>`);
  };
  // `{ "catalog": {...} }` (one non-attribute key holding an object) is a document whose root is catalog.
  const keys = isObject(value) ? Object.keys(value) : [];
  const single = keys.length === 1 && isObject(value) ? keys[0] : undefined;
  if (single !== undefined && isObject(value) && !single.startsWith(ATTRIBUTE_PREFIX) && single !== TEXT_KEY && isObject(value[single] ?? null)) {
    element(single, value[single] ?? null, 0);
  } else if (Array.isArray(value)) {
    lines.push(`<${xmlName(rootName)}>`);
    for (const item of value) element('item', Array.isArray(item) ? { item } : item, 1);
    lines.push(`</${xmlName(rootName)}>`);
  } else {
    element(rootName, value, 0);
  }
  return `${lines.join('\n')}\n`;
}

/** Attributes before child elements, as they are written in the document (the parser puts them last). */
function attributesFirst(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(attributesFirst);
  if (!isObject(value)) return value;
  const entries = Object.entries(value);
  const attrs = entries.filter(([k]) => k.startsWith(ATTRIBUTE_PREFIX));
  const rest = entries.filter(([k]) => !k.startsWith(ATTRIBUTE_PREFIX));
  return Object.fromEntries([...attrs, ...rest].map(([k, v]) => [k, attributesFirst(v)]));
}
