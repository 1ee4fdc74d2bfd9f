import { jsonSchemaOf } from '../registry/json-schema.ts';
import type { CatalogItem } from './catalog.ts';
import { fieldSchema, quantityOf, wordsAfter } from './inputs.ts';
import { withEnglishUnits } from './lexicon.ts';

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
  /** The spellings as `spellingKey` writes them. */
  keys: Set<string>;
  /** Whether the tool's own `from` field takes the text as a unit: the aliases it resolves ("gpm", "tbsp", "kph"). */
  accepts(unit: string): boolean;
}

/** A unit's name written one way: "Foot-Candles", "foot candle" and "foot-candle" alike; "metres per second" as "metre per second". */
function spellingKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .split(/\s+/)
    .map((w) => (w.length > 3 && /[^su]s$/.test(w) ? w.slice(0, -1) : w))
    .join(' ');
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
      // (Not the note on spellings after the list, "(µ or u for μ, m² for m2, °C for C)": a unit's name has no comma.)
      if (name.includes(',')) continue;
      // (British spellings too: "kilometre", "litre".)
      for (const spelling of new Set([name, name.replace(/(met|lit)er\b/g, '$1re')])) {
        spellings.add(spelling);
        spellings.add(`${spelling}s`);
      }
      const last = name.split(/\s+/).at(-1);
      if (last && last !== name && !/^(?:foot|unit|second|hour)$/.test(last)) spellings.add(last);
    }
    const field = fieldSchema(item, 'from');
    const accepted = new Map<string, boolean>();
    const accepts = (unit: string): boolean => {
      let known = accepted.get(unit);
      if (known === undefined) accepted.set(unit, (known = field?.safeParse(unit).success ?? false));
      return known;
    };
    tools.push({ item, symbols, spellings, keys: new Set([...spellings].map(spellingKey)), accepts });
  }
  cache.set(items, tools);
  return tools;
}

function knows(tool: UnitTool, unit: string): boolean {
  const bare = unit.replace(/^°/, '').replace(/²/g, '2').replace(/³/g, '3');
  const singular = bare.toLowerCase().replace(/e?s$/, '');
  return (
    tool.symbols.has(bare) ||
    tool.spellings.has(bare.toLowerCase()) ||
    // (A plural, "kgs", "lbs", but no letter left alone: "res" is no plural of R, Rankine.)
    (singular.length >= 2 && tool.spellings.has(singular)) ||
    (bare.includes(' ') && tool.keys.has(spellingKey(bare))) ||
    tool.accepts(unit)
  );
}

/** The unit as written and with the one or two words after it ("foot candles", "metres per second", "kilowatt hour"). */
function spellingsAt(goal: string, unit: string): string[] {
  const [first, second] = wordsAfter(goal, unit);
  return [unit, ...(first ? [`${unit} ${first}`] : []), ...(second ? [`${unit} ${first} ${second}`] : [])];
}

/** The goal's words as units are written: letters, digits after a letter, °, µ, ², ³, "/" and "-" ("m/s²", "foot-candles"). */
function wordsOf(goal: string): string[] {
  return goal.match(/[\p{L}°µ][\p{L}\d°µ²³/-]*/gu) ?? [];
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
  const from = quantity.from.toLowerCase();
  if (NOT_UNITS.has(from)) return [];
  // (A unit after a number and "a", "an" or "per" is what a rate is counted in, "3 hours at 85 an hour": no unit to
  // convert to.)
  const rates = new Set([...withEnglishUnits(goal).matchAll(/\d\s*(?:an?|per|each|every)\s+(\p{L}+)/giu)].map((m) => m[1]!.toLowerCase()));
  const words = wordsOf(withEnglishUnits(goal)).filter(
    (word) => word.toLowerCase() !== from && !NOT_UNITS.has(word.toLowerCase()) && !rates.has(word.toLowerCase()),
  );
  // ("oven says 180 C, the recipe uses F": of the converters knowing C, the one that also knows F.)
  const knowing = tools.filter((t) => knows(t, quantity.from) && words.some((word) => knows(t, word)));
  return knowing.length === 1 ? [knowing[0]!.item] : [];
}

/**
 * A quantity converted between units no one converter knows together, each known to some converter ("2 cups of flour
 * into grams": a volume into a mass), or between compound units none knows: no tool converts that. Undefined otherwise.
 */
export function mismatchedUnits(items: readonly CatalogItem[], goal: string): { from: string; to: string } | undefined {
  const quantity = quantityOf(goal);
  if (!quantity || typeof quantity.value !== 'number' || NOT_UNITS.has(quantity.from.toLowerCase())) return undefined;
  const tools = unitTools(items);
  const to = quantity.to ?? otherUnit(tools, goal, quantity.from);
  if (!to || NOT_UNITS.has(to.toLowerCase())) return undefined;
  const knowFrom = tools.filter((t) => knows(t, quantity.from));
  const knowTo = tools.filter((t) => knows(t, to));
  // Units no converter knows, written as units are ("9.8 m/s² to g-force", "1000 kg/m3 in lb/ft3"): no tool converts
  // them. (Unknown words alone are not units: "5 pages to pdf".)
  const compound = /^[a-zµ°]{1,3}[²³23]?\/[a-zµ°]{1,3}[²³23]?$/i.test(quantity.from);
  if (knowFrom.length === 0 && knowTo.length === 0) return compound ? { from: quantity.from, to } : undefined;
  if (knowFrom.length === 0 || knowTo.length === 0) return undefined;
  // (Either unit may be a name of several words: "500 lux to foot candles", "25 knots to metres per second".)
  const froms = spellingsAt(goal, quantity.from);
  const tos = spellingsAt(goal, to);
  if (tools.some((t) => froms.some((f) => knows(t, f)) && tos.some((u) => knows(t, u)))) return undefined;
  return { from: quantity.from, to };
}

/**
 * A unit the chosen converter does not take, and no other converter knows either ("3 cubits to cm", "10 parsecs in
 * km"): the converter would refuse it, so no tool here does the conversion. Only for a quantity converted between two
 * named units; undefined otherwise.
 */
export function unknownUnit(items: readonly CatalogItem[], goal: string, chosen: CatalogItem): string | undefined {
  const quantity = quantityOf(goal);
  const to = quantity?.to;
  if (!quantity || !to || typeof quantity.value !== 'number') return undefined;
  const tools = unitTools(items);
  const converter = tools.find((t) => t.item === chosen);
  // (Counting converts things into dozens or scores: "150 eggs in dozens" names the things, not a unit.)
  if (!converter || converter.symbols.has('dz')) return undefined;
  const known = (spelling: string): boolean => tools.some((t) => knows(t, spelling));
  // A unit may be written with a word before or after it: "US cups", "30 gradi Celsius".
  // (The converter's own: "light years" ends in a unit of time, not of length.)
  const named = (unit: string): boolean =>
    spellingsAt(goal, unit).some(known) || knows(converter, unit.split(/\s+/).at(-1) ?? unit) || knows(converter, nextWord(goal, unit));
  const unknown = [quantity.from, to].find((unit) => !NOT_UNITS.has(unit.toLowerCase()) && !named(unit));
  if (!unknown) return undefined;
  // "104 F in Phoenix, what's that in celsius": another unit of the converter, named elsewhere, is the one asked for.
  const others = wordsOf(goal).filter((word) => word !== quantity.from && word !== to && !NOT_UNITS.has(word.toLowerCase()));
  return others.some((word) => knows(converter, word)) ? undefined : unknown;
}

/**
 * "3 cups of flour, my scale only does grams": with no "to", the one unit named in full elsewhere in the goal (a word
 * of four letters or more, or two words such as "square feet"), when no converter knowing the quantity's unit knows it.
 */
function otherUnit(tools: UnitTool[], goal: string, from: string): string | undefined {
  if (from.length < 2) return undefined;
  const knowFrom = tools.filter((t) => knows(t, from));
  if (knowFrom.length === 0) return undefined;
  const words = wordsOf(goal);
  const units = new Set<string>();
  words.forEach((word, i) => {
    if (word.length < 4 || word === from || from.includes(word) || NOT_UNITS.has(word.toLowerCase())) return;
    const spellings = [word, ...(i > 0 ? [`${words[i - 1]} ${word}`] : [])];
    if (spellings.some((spelling) => knowFrom.some((t) => knows(t, spelling)))) return;
    if (tools.some((t) => knows(t, word))) units.add(word);
  });
  return units.size === 1 ? [...units][0] : undefined;
}

function nextWord(goal: string, unit: string): string {
  const [next = ''] = wordsAfter(goal, unit);
  return NOT_UNITS.has(next.toLowerCase()) ? '' : next;
}

/**
 * A quantity of the goal in a unit the chosen converter does not know and another converter does ("a 2000 W kettle on
 * 230 V, how many amps": watts and volts to the current converter; "3000 lumens in a 12 m² room, what lux"): the
 * answer is a formula over several quantities, which no converter works out. Undefined otherwise.
 */
export function foreignQuantity(items: readonly CatalogItem[], goal: string, chosen: CatalogItem): string | undefined {
  const tools = unitTools(items);
  const converter = tools.find((t) => t.item === chosen);
  // (Counting converts things into dozens or scores: "150 eggs in dozens" names the things, not a unit.)
  if (!converter || converter.symbols.has('dz')) return undefined;
  for (const match of goal.matchAll(/(?<![\w.,])\d+(?:[.,]\d+)*\s?([\p{L}°µ][\p{L}\d°µ²³/-]*)/gu)) {
    const unit = (match[1] ?? '').replace(/-$/, '');
    // ("5k", "20k views": thousands; "50 US gallons a minute", "2 imperial pints": the unit follows the qualifier.
    // "37 Grad Celsius": the word after it is the converter's unit.)
    if (/^(?:k|K|US|UK|imperial|metric)$/.test(unit) || NOT_UNITS.has(unit.toLowerCase())) continue;
    const spellings = spellingsAt(goal, unit);
    // "20 miles per gallon": a rate over a unit of another converter, unless the converter knows it whole.
    const [after, over = ''] = wordsAfter(goal, unit);
    if (after === 'per' && !knows(converter, `${unit} per ${over}`) && tools.some((t) => knows(t, over))) return `${unit} per ${over}`;
    if (spellings.some((s) => knows(converter, s)) || knows(converter, nextWord(goal, unit))) continue;
    if (tools.some((t) => t !== converter && knows(t, unit))) return unit;
  }
  return undefined;
}
