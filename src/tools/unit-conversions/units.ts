/**
 * The unit sets of the converters: convert-units' own definitions (its conversion engine runs every
 * conversion), plus the small, commented extension below. No default export: a helper of the folder.
 *
 * Arithmetic is decimal (decimal.js, 50 significant digits) through convert-units' number wrapper,
 * so `1 km -> m` is exactly 1000; inexact results (1/3, π) are rounded to SIGNIFICANT_DIGITS at the very end.
 *
 * The extension does three things, each marked where it happens:
 *  1. ADD units the library lacks (petabytes and pebibytes, atm, Btu, eV, %, s/km, turn, …).
 *  2. EXACT: replace library factors that are rounded to 6–9 digits by their legal definitions
 *     (NIST SP 811 appendix B, the 1959 international yard and pound agreement, IEC 80000-13),
 *     e.g. the library's metre-to-foot ratio 3.28084 makes 1 ft = 0.30479999 m instead of 0.3048 m.
 *  3. ALIASES: other spellings callers send (µA with the micro sign, uA, °C, kph, m², sq ft, gpm…).
 */
import { Decimal } from 'decimal.js';
import { Converter, type Fraction, type Measure, type Unit, type UnitCache, type Wrapper } from 'convert-units';
import angle from 'convert-units/definitions/angle';
import apparentPower from 'convert-units/definitions/apparentPower';
import area from 'convert-units/definitions/area';
import current from 'convert-units/definitions/current';
import digital from 'convert-units/definitions/digital';
import each from 'convert-units/definitions/each';
import energy from 'convert-units/definitions/energy';
import frequency from 'convert-units/definitions/frequency';
import illuminance from 'convert-units/definitions/illuminance';
import length from 'convert-units/definitions/length';
import mass from 'convert-units/definitions/mass';
import pace from 'convert-units/definitions/pace';
import partsPer from 'convert-units/definitions/partsPer';
import pieces from 'convert-units/definitions/pieces';
import power from 'convert-units/definitions/power';
import pressure from 'convert-units/definitions/pressure';
import reactiveEnergy from 'convert-units/definitions/reactiveEnergy';
import reactivePower from 'convert-units/definitions/reactivePower';
import speed from 'convert-units/definitions/speed';
import temperature from 'convert-units/definitions/temperature';
import time from 'convert-units/definitions/time';
import voltage from 'convert-units/definitions/voltage';
import volume from 'convert-units/definitions/volume';
import volumeFlowRate from 'convert-units/definitions/volumeFlowRate';

/** Inexact results are rounded (half up) to this many significant digits: beyond any input's precision, short of float noise. */
export const SIGNIFICANT_DIGITS = 12;

/** A private Decimal so no other module's configuration changes our precision. */
export const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

const decimalWrapper: Wrapper<Dec> = {
  create: (value) => new D(value),
  add: (a, b) => new D(a).add(b),
  sub: (a, b) => new D(a).sub(b),
  mul: (a, b) => new D(a).mul(b),
  div: (a, b) => new D(a).div(b),
  lt: (a, b) => new D(a).lt(b),
  lte: (a, b) => new D(a).lte(b),
  gt: (a, b) => new D(a).gt(b),
  gte: (a, b) => new D(a).gte(b),
};

// ---- Exact definitions (NIST SP 811, appendix B; strings keep every digit) -------------------------
const PI = D.acos(-1).toString();
const TWO_PI = D.acos(-1).mul(2).toString();
/** International foot in metres (1959 agreement). */
const FOOT_M = '0.3048';
const SQUARE_FOOT_M2 = '0.09290304';
/** US fluid ounce in millilitres: 1 US gallon = 231 in³ = 3.785411784 L, 128 fl oz to the gallon. */
const US_FL_OZ_ML = '29.5735295625';
/** Pound-force in newtons: 0.45359237 kg × 9.80665 m/s² (standard gravity). */
const LBF_N = '4.4482216152605';
/** Foot-pound-force in joules: 0.3048 m × 4.4482216152605 N. */
const FT_LBF_J = '1.3558179483314004';
/** psi in kPa: 4.4482216152605 N / (0.0254 m)² = 6.894757293168… kPa. */
const PSI_KPA = new D(LBF_N).div('0.64516');
/** International Table Btu in joules. */
const BTU_J = '1055.05585262';
/** Conventional millimetre and inch of mercury (13.5951 g/cm³ × 9.80665 m/s²), in kPa. */
const MMHG_KPA = '0.133322387415';
const INHG_KPA = '3.38638864034';

const frac = (numerator: number | string, denominator: number | string): Fraction => ({ numerator, denominator });
const unit = (singular: string, plural: string, toAnchor: Unit['to_anchor']): Unit => ({ name: { singular, plural }, to_anchor: toAnchor });

type Def = Measure<string, string>;

/** A copy of a library measure (its objects stay untouched) with units added or replaced, per system. */
function extend(base: Def, changes: { units?: Record<string, Record<string, Unit>>; anchors?: Def['anchors']; drop?: string[] }): Def {
  const systems: Record<string, Partial<Record<string, Unit>>> = {};
  for (const [system, units] of Object.entries(base.systems)) {
    const kept = Object.entries(units ?? {}).filter(([abbr]) => !changes.drop?.includes(abbr));
    systems[system] = Object.fromEntries(kept);
  }
  for (const [system, units] of Object.entries(changes.units ?? {})) systems[system] = { ...systems[system], ...units };
  const anchors: NonNullable<Def['anchors']> = {};
  for (const [from, to] of Object.entries({ ...base.anchors })) anchors[from] = { ...to };
  for (const [from, to] of Object.entries(changes.anchors ?? {})) anchors[from] = { ...anchors[from], ...to };
  return { systems, anchors };
}

/** Replaces a unit's factor, keeping its library name. */
function exact(base: Def, system: string, abbr: string, toAnchor: Unit['to_anchor']): Unit {
  const original = base.systems[system]?.[abbr];
  if (!original) throw new Error(`convert-units has no unit ${abbr} in ${system}; update the extension`);
  return { ...original, to_anchor: toAnchor };
}

/** Both directions of a system anchor, the second the exact inverse of the first. */
function ratio(a: string, b: string, aToB: Fraction): Def['anchors'] {
  return { [a]: { [b]: { ratio: aToB } }, [b]: { [a]: { ratio: frac(aToB.denominator, aToB.numerator) } } };
}

/** Volume-flow units of the library built on a volume unit: factor = exact volume factor / seconds of the time unit. */
function flowFromVolume(base: Def, system: string, volumeFactor: Fraction, volumeAbbr: string): Record<string, Unit> {
  const seconds: Record<string, number> = { s: 1, min: 60, h: 3600 };
  const out: Record<string, Unit> = {};
  for (const [per, secs] of Object.entries(seconds)) {
    const abbr = `${volumeAbbr}/${per}`;
    if (base.systems[system]?.[abbr]) out[abbr] = exact(base, system, abbr, frac(volumeFactor.numerator, new D(volumeFactor.denominator).mul(secs).toString()));
  }
  return out;
}

const IN3_IN_FL_OZ = frac(128, 231); // 1 in³ = 1/231 US gal = 128/231 US fl oz
const FT3_IN_FL_OZ = frac(1728 * 128, 231);
const YD3_IN_FL_OZ = frac(27 * 1728 * 128, 231);
const LITRE_TO_FL_OZ = frac(1000, US_FL_OZ_ML);

/** The measure definitions the converters use. */
const DEFINITIONS = {
  length: extend(length, {
    units: {
      // EXACT: US survey foot = 1200/3937 m; nautical mile = 1852 m (library: 1.000002 and 6076.12 ft).
      imperial: { 'ft-us': exact(length, 'imperial', 'ft-us', frac(1200, '1199.9976')), nMi: exact(length, 'imperial', 'nMi', frac(1852, FOOT_M)) },
    },
    anchors: ratio('metric', 'imperial', frac(1, FOOT_M)), // EXACT: library 3.28084
  }),
  area: extend(area, { anchors: ratio('metric', 'imperial', frac(1, SQUARE_FOOT_M2)) }), // EXACT: library 10.7639
  mass: extend(mass, {
    // ADD: long (imperial) ton and grain, both exact multiples of the pound.
    units: { imperial: { 'long-ton': unit('Long ton (UK, 2240 lb)', 'Long tons (UK)', 2240), gr: unit('Grain', 'Grains', frac(1, 7000)) } },
  }),
  volume: extend(volume, {
    units: {
      // EXACT: cubic inch/foot/yard from 231 in³ per US gallon (library: 0.55411, 957.506, 25852.7 fl oz).
      imperial: {
        in3: exact(volume, 'imperial', 'in3', IN3_IN_FL_OZ),
        ft3: exact(volume, 'imperial', 'ft3', FT3_IN_FL_OZ),
        yd3: exact(volume, 'imperial', 'yd3', YD3_IN_FL_OZ),
      },
      // ADD: British imperial measures (exact in litres: 1 gal = 4.54609 L), a system of their own.
      uk: {
        'gal-imp': unit('Imperial gallon (UK)', 'Imperial gallons (UK)', '4.54609'),
        'qt-imp': unit('Imperial quart (UK)', 'Imperial quarts (UK)', '1.1365225'),
        'pnt-imp': unit('Imperial pint (UK)', 'Imperial pints (UK)', '0.56826125'),
        'fl-oz-imp': unit('Imperial fluid ounce (UK)', 'Imperial fluid ounces (UK)', '0.0284130625'),
      },
    },
    anchors: {
      // EXACT: library 33.8140226 fl oz per litre. The UK system is anchored on the litre like the metric one.
      metric: { imperial: { ratio: LITRE_TO_FL_OZ }, uk: { ratio: 1 } },
      imperial: { metric: { ratio: frac(US_FL_OZ_ML, 1000) }, uk: { ratio: frac(US_FL_OZ_ML, 1000) } },
      uk: { metric: { ratio: 1 }, imperial: { ratio: LITRE_TO_FL_OZ } },
    },
  }),
  // ADD: the library's count units of its `pieces` measure (gross, score, ream…) join `each`.
  each: extend(each, { units: { metric: Object.fromEntries(Object.entries(pieces.systems.unit ?? {}).filter(([abbr]) => abbr !== 'pcs' && abbr !== 'doz')) } }),
  temperature,
  time,
  digital: extend(digital, {
    // ADD: peta prefixes (10^15, SI) and pebi prefixes (2^50, IEC 80000-13).
    units: {
      bit: { Pb: unit('Petabit', 'Petabits', 1e15) },
      byte: { PB: unit('Petabyte', 'Petabytes', 1e15) },
      IECBit: { Pib: unit('Pebibit', 'Pebibits', 1024 ** 4) },
      IECByte: { PiB: unit('Pebibyte', 'Pebibytes', 1024 ** 4) },
    },
  }),
  // ADD: percent and per mille (1 % = 10,000 ppm).
  partsPer: extend(partsPer, { units: { SI: { '%': unit('Percent', 'Percent', 1e4), '‰': unit('Per mille', 'Per mille', 1e3) } } }),
  speed: extend(speed, {
    units: {
      // EXACT: knot = 1852 m/h, ft/s = 15/22 mph, ft/min = 1/88 mph, in/h = 1/63360 mph.
      imperial: {
        knot: exact(speed, 'imperial', 'knot', frac(1852, 1609.344)),
        'ft/s': exact(speed, 'imperial', 'ft/s', frac(15, 22)),
        'ft/min': exact(speed, 'imperial', 'ft/min', frac(1, 88)),
        'in/h': exact(speed, 'imperial', 'in/h', frac(1, 63360)),
      },
    },
  }),
  pace: extend(pace, {
    units: {
      metric: { 's/km': unit('Second per kilometre', 'Seconds per kilometre', 0.001) }, // ADD
      // EXACT: min/mi = 60 s / 5280 ft (library: 0.0113636); ADD: s/mi.
      imperial: { 'min/mi': exact(pace, 'imperial', 'min/mi', frac(1, 88)), 's/mi': unit('Second per mile', 'Seconds per mile', frac(1, 5280)) },
    },
  }),
  pressure: extend(pressure, {
    units: {
      metric: {
        mmHg: exact(pressure, 'metric', 'mmHg', MMHG_KPA), // EXACT: library 0.133322
        atm: unit('Standard atmosphere', 'Standard atmospheres', '101.325'), // ADD
        'kgf/cm2': unit('Kilogram-force per square centimetre', 'Kilograms-force per square centimetre', '98.0665'), // ADD
      },
      imperial: { inHg: exact(pressure, 'imperial', 'inHg', new D(INHG_KPA).div(PSI_KPA.mul(1000)).toString()) }, // EXACT: library 0.000491154 ksi
    },
    anchors: ratio('metric', 'imperial', frac(1, PSI_KPA.mul(1000).toString())), // EXACT: library 0.00014503768078
  }),
  current,
  voltage,
  power: extend(power, {
    units: {
      imperial: {
        'Btu/s': exact(power, 'imperial', 'Btu/s', frac(BTU_J, FT_LBF_J)), // EXACT: library 778.16937
        'Btu/h': unit('British thermal unit per hour', 'British thermal units per hour', frac(BTU_J, new D(FT_LBF_J).mul(3600).toString())), // ADD
      },
    },
    anchors: ratio('metric', 'imperial', frac(1, FT_LBF_J)), // EXACT: library 0.737562149
  }),
  reactivePower,
  apparentPower,
  energy: extend(energy, {
    // ADD: electronvolt (exact since the 2019 SI), IT Btu, foot-pound-force, erg.
    units: {
      SI: {
        eV: unit('Electronvolt', 'Electronvolts', '1.602176634e-19'),
        Btu: unit('British thermal unit', 'British thermal units', BTU_J),
        'ft-lb': unit('Foot-pound', 'Foot-pounds', FT_LBF_J),
        erg: unit('Erg', 'Ergs', '1e-7'),
      },
    },
  }),
  reactiveEnergy,
  volumeFlowRate: extend(volumeFlowRate, {
    units: {
      // EXACT: cubic inch/foot/yard flows from 231 in³ per US gallon.
      imperial: {
        ...flowFromVolume(volumeFlowRate, 'imperial', IN3_IN_FL_OZ, 'in3'),
        ...flowFromVolume(volumeFlowRate, 'imperial', FT3_IN_FL_OZ, 'ft3'),
        ...flowFromVolume(volumeFlowRate, 'imperial', YD3_IN_FL_OZ, 'yd3'),
      },
    },
    anchors: ratio('metric', 'imperial', LITRE_TO_FL_OZ), // EXACT: library 33.8140227
  }),
  illuminance: extend(illuminance, { anchors: ratio('metric', 'imperial', frac(SQUARE_FOOT_M2, 1)) }), // EXACT: library 10.76391
  frequency: extend(frequency, { units: { SI: { 'rad/s': exact(frequency, 'SI', 'rad/s', frac(1, TWO_PI)) } } }), // EXACT: 2π to 50 digits
  angle: extend(angle, {
    units: {
      SI: {
        rad: exact(angle, 'SI', 'rad', frac(180, PI)), // EXACT: π to 50 digits
        mrad: unit('Milliradian', 'Milliradians', frac('0.18', PI)), // ADD
        turn: unit('Turn', 'Turns', 360), // ADD
      },
    },
  }),
} satisfies Record<string, Def>;

export type MeasureName = keyof typeof DEFINITIONS;

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
    mcg: ['μg', 'µg', 'ug'],
    mt: ['tonne', 'tonnes', 'metric ton'],
    t: ['short ton', 'ton-us'],
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

/** The symbol index convert-units' Converter reads (the library builds the same one but does not export the builder). */
function unitCacheOf(measure: string, definition: Def): UnitCache<string, string, string> {
  const cache: UnitCache<string, string, string> = new Map();
  for (const [system, members] of Object.entries(definition.systems)) {
    for (const [abbr, u] of Object.entries(members ?? {})) if (u) cache.set(abbr, { measure, system, abbr, unit: u });
  }
  return cache;
}

function buildMeasure(measure: MeasureName): MeasureUnits {
  const definition: Def = DEFINITIONS[measure];
  const unitCache = unitCacheOf(measure, definition);
  const labels = SYSTEM_LABELS[measure] ?? {};
  const units: UnitInfo[] = [];
  for (const [system, members] of Object.entries(definition.systems)) {
    for (const [symbol, u] of Object.entries(members ?? {})) if (u) units.push({ symbol, name: u.name.singular, system: labels[system] ?? system });
  }
  const bySymbol = new Map(units.map((u) => [u.symbol, u]));

  const exactKeys = new Map<string, string>(); // case-sensitive symbol or alias -> symbol
  const looseKeys = new Map<string, Set<string>>(); // lower-cased symbol, alias or name -> symbols
  const addLoose = (key: string, symbol: string): void => {
    const k = normalise(key).toLowerCase();
    looseKeys.set(k, new Set([...(looseKeys.get(k) ?? []), symbol]));
  };
  const names = new Map<string, string>(); // lower-cased unit name -> symbol (names win over loose symbols)
  for (const u of units) {
    const def = unitCache.get(u.symbol)?.unit;
    for (const key of [u.symbol, ...variants(u.symbol)]) {
      exactKeys.set(key, u.symbol);
      addLoose(key, u.symbol);
    }
    for (const name of [def?.name.singular, def?.name.plural]) for (const form of name ? nameForms(name) : []) names.set(form, u.symbol);
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
      return new Converter({ measures: { [measure]: definition }, unitCache, cls: decimalWrapper }, value.toString()).from(from).to(to);
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
