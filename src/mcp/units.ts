import { jsonSchemaOf } from '../registry/json-schema.ts';
import type { CatalogItem } from './catalog.ts';
import { quantityOf } from './inputs.ts';

/**
 * "98.6 F to C", "tyre pressure 32 psi to bar": a quantity with its units says which converter it is for,
 * whatever words surround it. Each converter (a tool taking value, from and to) declares its units in the
 * `from` field: symbols as an enum, names in the description ("C (degree Celsius)"). The tools that know
 * both units of the goal are the candidates.
 */
interface UnitTool {
  item: CatalogItem;
  /** Symbols as declared (case-sensitive). */
  symbols: Set<string>;
  /** Names, plurals and symbols, lower-case. */
  spellings: Set<string>;
}

const cache = new WeakMap<readonly CatalogItem[], UnitTool[]>();

function unitTools(items: readonly CatalogItem[]): UnitTool[] {
  const cached = cache.get(items);
  if (cached) return cached;
  const tools: UnitTool[] = [];
  for (const item of items) {
    if (!item.tool || !item.fields.includes('from') || !item.fields.includes('to') || !(item.fields.includes('value') || item.fields.includes('amount')))
      continue;
    const from = (jsonSchemaOf(item.tool.input, 'input') as { properties?: Record<string, { description?: string; anyOf?: Array<{ enum?: unknown[] }> }> })
      .properties?.from;
    const symbols = new Set((from?.anyOf ?? []).flatMap((v) => v.enum ?? []).filter((e): e is string => typeof e === 'string'));
    if (symbols.size === 0) continue;
    const spellings = new Set<string>();
    for (const symbol of symbols) spellings.add(symbol.toLowerCase());
    for (const match of (from?.description ?? '').matchAll(/([^\s,:]+) \(([^)]+)\)/g)) {
      const name = (match[2] ?? '').toLowerCase();
      // (British spellings too: "kilometre", "litre".)
      for (const spelling of new Set([name, name.replace(/(met|lit)er\b/g, '$1re')])) {
        spellings.add(spelling);
        spellings.add(`${spelling}s`);
      }
      const last = name.split(/\s+/).at(-1);
      if (last && last !== name && !/^(?:foot|unit|second|hour)$/.test(last)) spellings.add(last);
    }
    tools.push({ item, symbols, spellings });
  }
  cache.set(items, tools);
  return tools;
}

function knows(tool: UnitTool, unit: string): boolean {
  const bare = unit.replace(/^°/, '');
  return tool.symbols.has(bare) || tool.spellings.has(bare.toLowerCase()) || tool.spellings.has(bare.toLowerCase().replace(/e?s$/, ''));
}

/** Words that are also unit symbols or names ("in" for inch, "a" for are, "$6 each", "gross margin"): never the looser rule's units. */
const NOT_UNITS = new Set([
  'in',
  'a',
  'an',
  'at',
  'to',
  'as',
  'is',
  'it',
  'by',
  'per',
  'or',
  'on',
  'of',
  'and',
  'min',
  'h',
  'm',
  's',
  'g',
  't',
  'b',
  'each',
  'gross',
  'pair',
  'pairs',
]);

/**
 * The converters that know both units of the goal's quantity: "<number> <unit> to <unit>", or a quantity whose unit
 * one converter knows and another unit of that converter named anywhere else ("2000 kcal a day, the labels show
 * kJ"). A unit alone ("50k", "8 MB photo") is too weak a sign.
 */
export function unitCandidates(items: readonly CatalogItem[], goal: string): CatalogItem[] {
  const quantity = quantityOf(goal);
  if (!quantity) return [];
  const tools = unitTools(items);
  const to = quantity.to;
  if (to) return tools.filter((t) => knows(t, quantity.from) && knows(t, to)).map((t) => t.item);
  const knowing = tools.filter((t) => knows(t, quantity.from));
  if (knowing.length !== 1) return [];
  const from = quantity.from.toLowerCase();
  if (NOT_UNITS.has(from)) return [];
  const other = (goal.match(/[\p{L}°µ][\p{L}\d°µ²³/]*/gu) ?? []).some((word) => {
    const lower = word.toLowerCase();
    return lower !== from && !NOT_UNITS.has(lower) && knows(knowing[0]!, word);
  });
  return other ? [knowing[0]!.item] : [];
}
