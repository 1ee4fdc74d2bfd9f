/**
 * The unit sets of the converters: the table in unit-table.ts (each factor with its source), names and
 * spellings callers may use for them, and the conversion itself. No default export: a helper of the folder.
 *
 * Arithmetic is decimal (decimal.js, 50 significant digits): a conversion multiplies exact factors and divides
 * once, so `1 km -> m` is exactly 1000; inexact results (1/3, π) are rounded to SIGNIFICANT_DIGITS at the very end.
 * ALIASES below are other spellings callers send (µA with the micro sign, uA, °C, kph, m², sq ft, gpm…).
 */
import { Decimal } from 'decimal.js';
import { UNIT_TABLE, type UnitRow } from './unit-table.ts';

/** Inexact results are rounded (half up) to this many significant digits: beyond any input's precision, short of float noise. */
export const SIGNIFICANT_DIGITS = 12;

/** A private Decimal so no other module's configuration changes our precision. */
export const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

const PI = D.acos(-1);
const CONSTANTS: Record<string, Dec> = { PI, TWO_PI: PI.mul(2) };

/** A factor of the table as [numerator, denominator]: "0.3048", "1200/3937" or "180/PI". */
function ratioOf(factor: string): [Dec, Dec] {
  const [numerator = '', denominator = '1'] = factor.split('/');
  const value = (text: string): Dec => CONSTANTS[text] ?? new D(text);
  return [value(numerator), value(denominator)];
}

export type MeasureName = keyof typeof UNIT_TABLE;

/**
 * ALIASES: other spellings, per measure, mapped to a unit symbol. Matched exactly first, then case-insensitively
 * when that is unambiguous (so `KM` works, but `mw` is refused: mW or MW?). Unit names (singular and plural,
 * metre/meter, litre/liter) are accepted case-insensitively without being listed here; `μ` symbols also accept
 * `µ` (micro sign) and `u`; `m2`/`m3` also accept `m²`, `m^2`, `sq m`, `cu m`.
 */
const ALIASES: Partial<Record<MeasureName, Record<string, string[]>>> = {
  length: {
    m: ['metre', 'meter'],
    nMi: ['NM', 'nmi', 'nautical mile'],
    in: ['inch', 'inches', '"'],
    ft: ['feet', "'"],
    mi: ['miles'],
    'ft-us': ['survey foot', 'US survey foot'],
  },
  area: { ha: ['hectare', 'hectares'], ac: ['acre', 'acres'] },
  mass: {
    kg: ['kilo', 'kilos'],
    mcg: ['μg', 'µg', 'ug'],
    // t is the tonne (SI Brochure, table 8); mt was its symbol here before, kept for callers that send it
    t: ['mt', 'metric ton', 'metric tons'],
    // "ton" alone is the US short ton, as US usage has it; the UK long ton is long-ton
    'ton-us': ['short ton', 'short tons', 'ton', 'tons'],
    lb: ['lbs', 'pound', 'pounds'],
    oz: ['ounce', 'ounces'],
    st: ['stone'],
  },
  volume: {
    l: ['L', 'ℓ'],
    ml: ['mL'],
    cl: ['cL'],
    dl: ['dL'],
    kl: ['kL'],
    Ml: ['ML'],
    Gl: ['GL'],
    cm3: ['cc'],
    Tbs: ['tbsp', 'Tbsp', 'tablespoon'],
    tsp: ['teaspoon'],
    'fl-oz': ['fl oz', 'floz', 'US fl oz'],
    pnt: ['pt', 'pint', 'pints', 'US pint'],
    qt: ['quart', 'quarts'],
    gal: ['gallon', 'gallons', 'US gallon', 'US gal'],
    'gal-imp': ['imp gal', 'UK gallon'],
    'pnt-imp': ['UK pint', 'imp pt'],
  },
  each: { ea: ['pcs', 'pc', 'piece', 'pieces', 'unit', 'units'], dz: ['doz', 'dozen'], gros: ['gross'], 'gr-gr': ['great gross'], scores: ['score'] },
  temperature: {
    C: ['°C', '℃', 'degC', 'celsius', 'centigrade'],
    F: ['°F', '℉', 'degF', 'fahrenheit'],
    K: ['kelvin', 'kelvins'],
    R: ['°R', 'degR', 'Ra', 'rankine'],
  },
  time: {
    mu: ['μs', 'µs', 'us'],
    s: ['sec', 'secs', 'second', 'seconds'],
    min: ['mins', 'minute', 'minutes'],
    h: ['hr', 'hrs', 'hour', 'hours'],
    d: ['day', 'days'],
    week: ['wk', 'weeks'],
    month: ['mo', 'months'],
    year: ['yr', 'y', 'a', 'years'],
  },
  digital: {
    bit: ['b', 'bits'],
    kb: ['kbit', 'Kb'],
    Mb: ['Mbit'],
    Gb: ['Gbit'],
    Tb: ['Tbit'],
    Pb: ['Pbit'],
    byte: ['B', 'bytes', 'octet'],
    Kib: ['Kibit'],
    Mib: ['Mibit'],
    Gib: ['Gibit'],
    Tib: ['Tibit'],
    Pib: ['Pibit'],
  },
  partsPer: { '%': ['percent', 'pct'], '‰': ['permille', 'per mille', 'per mil'] },
  speed: {
    'km/h': ['kph', 'kmh', 'km/hr', 'kmph'],
    'm/s': ['mps', 'm/sec'],
    mph: ['mi/h', 'mi/hr'],
    knot: ['kn', 'kt', 'kts', 'knots'],
    'ft/s': ['fps', 'ft/sec'],
    'ft/min': ['fpm'],
  },
  pace: { 'min/km': ['min per km'], 'min/mi': ['min per mile', 'min/mile'], 's/km': ['sec/km'], 's/mi': ['sec/mi'] },
  pressure: { torr: ['Torr'], atm: ['atmosphere'], 'kgf/cm2': ['kgf/cm²', 'at'], psi: ['lbf/in2', 'lbf/in²'] },
  current: { A: ['amp', 'amps'], mA: ['milliamp', 'milliamps'] },
  voltage: { V: ['volts'] },
  power: { hp: ['HP', 'horsepower'], PS: ['metric horsepower', 'cv'], 'Btu/h': ['BTU/h', 'BTU/hr', 'Btu/hr', 'BTUH'], 'Btu/s': ['BTU/s'] },
  reactivePower: { VAR: ['var', 'VAr'], kVAR: ['kvar', 'kVAr'], MVAR: ['Mvar', 'MVAr'] },
  reactiveEnergy: { VARh: ['varh', 'VArh'], kVARh: ['kvarh', 'kVArh'], MVARh: ['Mvarh', 'MVArh'] },
  energy: { kcal: ['Cal', 'Calorie', 'food calorie'], Btu: ['BTU'], eV: ['electron volt'], 'ft-lb': ['ft·lbf', 'ft-lbf', 'foot-pound force'] },
  volumeFlowRate: {
    'l/min': ['lpm', 'L/min'],
    'l/s': ['L/s'],
    'l/h': ['L/h'],
    'gal/min': ['gpm', 'GPM'],
    'gal/h': ['gph'],
    'ft3/min': ['cfm', 'CFM'],
    'ft3/s': ['cfs'],
    'm3/h': ['m3/hr'],
  },
  illuminance: { lx: ['lux'], 'ft-cd': ['fc', 'foot-candle', 'footcandle', 'footcandles'] },
  frequency: { rpm: ['RPM', 'rev/min', 'r/min'], Hz: ['hz', 'cps'] },
  angle: {
    deg: ['°', 'degree', 'degrees'],
    grad: ['gon', 'gradian'],
    arcmin: ['′', 'MOA'],
    arcsec: ['″'],
    turn: ['rev', 'revolution', 'revolutions', 'cycle'],
  },
};

/** How a system key reads to a person, where the library's key would mislead. */
const SYSTEM_LABELS: Partial<Record<MeasureName, Record<string, string>>> = {
  volume: { imperial: 'US customary', uk: 'imperial (UK)' },
  volumeFlowRate: { imperial: 'US customary' },
  digital: { bit: 'SI (decimal) bits', byte: 'SI (decimal) bytes', IECBit: 'IEC (binary) bits', IECByte: 'IEC (binary) bytes' },
};

export interface UnitInfo {
  symbol: string;
  name: string;
  system: string;
}

export interface MeasureUnits {
  readonly measure: MeasureName;
  /** In the library's order, system by system. */
  readonly units: readonly UnitInfo[];
  readonly symbols: readonly [string, ...string[]];
  /** The symbol an input names, or `undefined` with the candidates when it is unknown or ambiguous. */
  resolve(input: string): { symbol: string } | { symbol?: undefined; candidates: string[] };
  convert(value: Dec, from: string, to: string): Dec;
  info(symbol: string): UnitInfo;
}

function variants(symbol: string): string[] {
  const out: string[] = [];
  if (symbol.includes('μ')) out.push(symbol.replaceAll('μ', 'µ'), symbol.replaceAll('μ', 'u'));
  const powered = /([a-z])([23])(?=$|\/)/;
  const match = powered.exec(symbol);
  if (match) {
    const [whole, letter, power] = match as unknown as [string, string, string];
    const sup = power === '2' ? '²' : '³';
    out.push(symbol.replace(whole, `${letter}${sup}`), symbol.replace(whole, `${letter}^${power}`));
    if (!symbol.includes('/')) out.push(`${power === '2' ? 'sq' : 'cu'} ${symbol.slice(0, -1)}`);
  }
  return out;
}

function nameForms(name: string): string[] {
  const lower = name.toLowerCase();
  return [
    lower,
    lower.replaceAll('metre', 'meter'),
    lower.replaceAll('meter', 'metre'),
    lower.replaceAll('litre', 'liter'),
    lower.replaceAll('liter', 'litre'),
  ];
}

const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ');

interface TableUnit {
  info: UnitInfo;
  singular: string;
  plural: string;
  ratio: [Dec, Dec];
  offset: Dec;
}

function buildMeasure(measure: MeasureName): MeasureUnits {
  const rows: readonly UnitRow[] = UNIT_TABLE[measure];
  const labels = SYSTEM_LABELS[measure] ?? {};
  const table = new Map<string, TableUnit>();
  for (const [symbol, singular, plural, system, factor, offset] of rows) {
    table.set(symbol, {
      info: { symbol, name: singular, system: labels[system] ?? system },
      singular,
      plural,
      ratio: ratioOf(factor),
      offset: new D(offset ?? 0),
    });
  }
  const units = [...table.values()].map((u) => u.info);
  const bySymbol = new Map(units.map((u) => [u.symbol, u]));

  const exactKeys = new Map<string, string>(); // case-sensitive symbol or alias -> symbol
  const looseKeys = new Map<string, Set<string>>(); // lower-cased symbol, alias or name -> symbols
  const addLoose = (key: string, symbol: string): void => {
    const k = normalise(key).toLowerCase();
    looseKeys.set(k, new Set([...(looseKeys.get(k) ?? []), symbol]));
  };
  const names = new Map<string, string>(); // lower-cased unit name -> symbol (names win over loose symbols)
  for (const u of units) {
    const row = table.get(u.symbol);
    for (const key of [u.symbol, ...variants(u.symbol)]) {
      exactKeys.set(key, u.symbol);
      addLoose(key, u.symbol);
    }
    for (const name of [row?.singular, row?.plural]) for (const form of name ? nameForms(name) : []) names.set(form, u.symbol);
  }
  for (const [symbol, aliases] of Object.entries(ALIASES[measure] ?? {})) {
    if (!bySymbol.has(symbol)) throw new Error(`alias target ${measure}/${symbol} does not exist`);
    for (const alias of aliases) {
      exactKeys.set(alias, symbol);
      addLoose(alias, symbol);
    }
  }

  const symbols = units.map((u) => u.symbol);
  const [first, ...rest] = symbols;
  if (first === undefined) throw new Error(`${measure} has no units`);
  return {
    measure,
    units,
    symbols: [first, ...rest],
    resolve(input) {
      const text = normalise(input);
      const hit = exactKeys.get(text) ?? names.get(text.toLowerCase());
      if (hit !== undefined) return { symbol: hit };
      const loose = looseKeys.get(text.toLowerCase());
      if (loose?.size === 1) return { symbol: [...loose][0] as string };
      return { candidates: loose ? [...loose] : [] };
    },
    convert(value, from, to) {
      // In the base unit: (value − offset) × n/d; back out: base × d'/n' + offset'. One division, last.
      const source = table.get(from);
      const target = table.get(to);
      if (!source || !target) throw new Error(`${measure} has no unit ${source ? to : from}`);
      const [sn, sd] = source.ratio;
      const [tn, td] = target.ratio;
      return value.sub(source.offset).mul(sn).mul(td).div(sd.mul(tn)).add(target.offset);
    },
    info(symbol) {
      const found = bySymbol.get(symbol);
      if (!found) throw new Error(`${measure} has no unit ${symbol}`);
      return found;
    },
  };
}

const cache = new Map<MeasureName, MeasureUnits>();

/** The units of one measure, built once. */
export function measureUnits(measure: MeasureName): MeasureUnits {
  let built = cache.get(measure);
  if (!built) {
    built = buildMeasure(measure);
    cache.set(measure, built);
  }
  return built;
}

/**
 * A result as a JSON number (never -0). Exact results that a double holds without loss are returned as they are
 * (1 PiB = 1125899906842624 B); inexact ones (50 computed digits, like 1/3 or π) are rounded half up to
 * SIGNIFICANT_DIGITS, which also removes the last-digit residue of decimal division (0.999…9 -> 1).
 */
export function toOutputNumber(value: Dec): number {
  if (value.isZero()) return 0;
  if (value.precision() <= 17) {
    const asNumber = Number(value.toString());
    if (new D(asNumber).eq(value)) return asNumber;
  }
  const rounded = value.toSignificantDigits(SIGNIFICANT_DIGITS, D.ROUND_HALF_UP);
  return rounded.isZero() ? 0 : Number(rounded.toString());
}
