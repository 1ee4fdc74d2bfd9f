/**
 * The one factory behind every unit converter: `{value, from, to?}` in, the converted value (or the value
 * in every unit when `to` is omitted) out. Each tool file declares only its measure, words and examples.
 * No default export: a helper of the folder, not a tool.
 */
import { z } from 'zod';
import { invalidField } from '../../../core/errors.ts';
import { defineTool, type ToolExample } from '../../../registry/define-tool.ts';
import { D, type Dec, measureUnits, type MeasureName, type MeasureUnits, SIGNIFICANT_DIGITS, toOutputNumber, type UnitInfo } from './units.ts';

/** Largest magnitude accepted for `value`; beyond it no measurement is meaningful. */
const MAX_MAGNITUDE = new D('1e21');
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?$/;
/** `m:ss`, `h:mm:ss`, seconds may have a fraction: `5:00`, `8:02.8`, `1:05:30`. */
const CLOCK_TEXT = /^(?:(\d{1,6}):)?(\d{1,6}):(\d{1,2}(?:\.\d{1,6})?)$/;

const unitSchema = z.object({
  symbol: z.string().describe('Unit symbol, as accepted in `from`/`to`'),
  name: z.string().describe('Unit name'),
  system: z.string().describe('Unit system (metric, imperial, SI, IEC binary…)'),
});

const conversionSchema = unitSchema.extend({
  value: z.number().describe(`The value in this unit (exact, or rounded to ${SIGNIFICANT_DIGITS} significant digits)`),
  clock: z.string().optional().describe('Pace as a clock time per distance unit (m:ss.s or h:mm:ss.s)'),
});

const outputSchema = z.object({
  measure: z.string().describe('The quantity converted (length, temperature…)'),
  value: z.number().describe('The input value, as a number'),
  from: unitSchema,
  to: unitSchema.optional().describe('The target unit (absent when `to` was omitted)'),
  result: z
    .number()
    .optional()
    .describe(`The converted value: exact when it fits a JSON number, else rounded half-up to ${SIGNIFICANT_DIGITS} significant digits`),
  clock: z.string().optional().describe('Pace converters: the result as a clock time (m:ss.s)'),
  expression: z.string().optional().describe('The conversion as text, e.g. "1 km = 1000 m"'),
  conversions: z.array(conversionSchema).optional().describe('When `to` is omitted: the value in every unit of the measure'),
  significantDigits: z.number().int().describe('Significant digits inexact results (1/3, π…) are rounded to'),
});

export type ConverterOutput = z.output<typeof outputSchema>;

interface ConverterInput {
  value: number | string;
  from: string;
  to?: string | undefined;
}

/** An example with its hand-checked answer: `result` for a conversion, `results` (symbol -> value) for a listing. */
export interface ConverterExample {
  title: string;
  input: ConverterInput;
  result?: number;
  results?: Record<string, number>;
}

export interface ConverterSpec {
  measure: MeasureName;
  slug: string;
  title: string;
  /** What it converts and for whom; the unit list and the rounding rule are appended. */
  description: string;
  keywords: string[];
  examples: ConverterExample[];
  /** Negative values make sense (temperatures, pressures, angles…). Default false: a 400. */
  allowNegative?: boolean;
  /** Lowest allowed value, checked in this unit (temperature: 0 K). */
  floor?: { unit: string; value: string; message: string };
  /** Pace: values may be given as clock times, and results carry `clock`. */
  clock?: boolean;
}

function unitList(units: readonly UnitInfo[]): string {
  return units.map((u) => `${u.symbol} (${u.name})`).join(', ');
}

/** Above the longest unit name ("kilogram-force per square centimetre", 36 characters): a longer text is refused unread. */
const MAX_UNIT_CHARS = 40;

function unitField(mu: MeasureUnits, role: 'from' | 'to') {
  const field = role;
  const message = (input: unknown): string => {
    if (input === undefined) return 'is required';
    if (typeof input !== 'string') return `expected a unit symbol or name as a string; allowed: ${mu.symbols.join(', ')}`;
    if (input.length > MAX_UNIT_CHARS) return `expected a unit symbol or name of at most ${MAX_UNIT_CHARS} characters; allowed: ${mu.symbols.join(', ')}`;
    const { candidates } = mu.resolve(input) as { candidates?: string[] };
    if (candidates && candidates.length > 1) {
      return `"${input}" is ambiguous (symbols are case-sensitive): ${candidates.map((s) => `${s} = ${mu.info(s).name}`).join(' or ')}`;
    }
    return `unknown ${mu.measure} unit "${input}"; allowed: ${mu.symbols.join(', ')} (or a unit name such as "${mu.units[0]?.name.toLowerCase() ?? ''}")`;
  };
  return z
    .preprocess(
      (v) => (typeof v === 'string' && v.length <= MAX_UNIT_CHARS ? (mu.resolve(v).symbol ?? v) : v),
      z.enum(mu.symbols, { error: (issue) => message(issue.input) }),
    )
    .describe(
      `Unit to convert ${field}: ${unitList(mu.units)}. Symbols are case-sensitive (mW is not MW); unit names (singular or plural, ` +
        `metre or meter) and common spellings (µ or u for μ, m² for m2, °C for C) are accepted case-insensitively when unambiguous.` +
        (role === 'to' ? ' Omit it to get the value in every unit.' : ''),
    );
}

function parseClock(text: string): Dec | undefined {
  const match = CLOCK_TEXT.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  const s = new D(seconds ?? '0');
  const m = new D(minutes ?? '0');
  if (s.gte(60) || (hours !== undefined && m.gte(60))) return undefined;
  return new D(hours ?? '0').mul(3600).add(m.mul(60)).add(s);
}

/** Seconds in the time part of a pace unit: `min/km` -> 60, `s/m` -> 1. */
function clockBase(symbol: string): number {
  return symbol.startsWith('min/') ? 60 : 1;
}

/** A duration in seconds as m:ss.s (h:mm:ss.s from an hour), tenths only when not zero. */
export function formatClock(totalSeconds: number): string {
  const tenths = Math.round(totalSeconds * 10);
  const h = Math.floor(tenths / 36000);
  const m = Math.floor((tenths % 36000) / 600);
  const s = (tenths % 600) / 10;
  const ss = (s < 10 ? '0' : '') + (Number.isInteger(s) ? String(s) : s.toFixed(1));
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Numbers as the expression shows them: plain notation up to 1e21, exponent beyond (JSON's own rule). */
function formatNumber(n: number): string {
  return String(n);
}

function parseValue(value: number | string, spec: ConverterSpec, from: string): Dec {
  let parsed: Dec | undefined;
  if (typeof value === 'number') parsed = new D(value);
  else {
    const text = value.trim().replaceAll('_', '');
    if (NUMBER_TEXT.test(text)) parsed = new D(text);
    else if (spec.clock) {
      const seconds = parseClock(text);
      if (seconds) parsed = seconds.div(clockBase(from));
    }
    if (!parsed) {
      throw invalidField(
        'value',
        spec.clock
          ? 'a number, a numeric string such as "5.5", or a clock time such as "5:30" (m:ss) or "1:05:30" (h:mm:ss)'
          : 'a number or a numeric string such as "1.5" or "-2e3"',
      );
    }
  }
  if (parsed.abs().gt(MAX_MAGNITUDE)) throw invalidField('value', `magnitude at most ${MAX_MAGNITUDE.toString()}`);
  if (!spec.allowNegative && parsed.isNegative() && !parsed.isZero()) throw invalidField('value', `a ${spec.measure} cannot be negative`);
  return parsed;
}

function present(mu: MeasureUnits, spec: ConverterSpec, symbol: string, value: number): { value: number; clock?: string } {
  return spec.clock ? { value, clock: formatClock(value * clockBase(symbol)) } : { value };
}

function expand(mu: MeasureUnits, spec: ConverterSpec, example: ConverterExample): ConverterOutput {
  const { input } = example;
  const from = mu.info(String(mu.resolve(input.from).symbol));
  const value = toOutputNumber(parseValue(input.value, spec, from.symbol));
  const base = { measure: spec.measure, value, from, significantDigits: SIGNIFICANT_DIGITS };
  if (input.to !== undefined) {
    if (example.result === undefined) throw new Error(`${spec.slug}: example "${example.title}" needs result`);
    const to = mu.info(String(mu.resolve(input.to).symbol));
    const shown = present(mu, spec, to.symbol, example.result);
    return {
      ...base,
      to,
      result: shown.value,
      ...(shown.clock ? { clock: shown.clock } : {}),
      expression: `${formatNumber(value)} ${from.symbol} = ${formatNumber(example.result)} ${to.symbol}`,
    };
  }
  const results = example.results ?? {};
  return {
    ...base,
    conversions: mu.units.map((u) => {
      const v = results[u.symbol];
      if (v === undefined) throw new Error(`${spec.slug}: example "${example.title}" lacks a result for ${u.symbol}`);
      return { ...u, ...present(mu, spec, u.symbol, v) };
    }),
  };
}

function converterInput(mu: MeasureUnits, spec: ConverterSpec) {
  return z.object({
    value: z
      .union([z.number(), z.string().max(64, 'at most 64 characters')], { error: 'a number or a numeric string' })
      .describe(
        `The quantity to convert (|value| ≤ 1e21${spec.allowNegative ? '' : ', not negative'}). A number, or a decimal string for exact input (e.g. "0.1")` +
          (spec.clock ? '; a pace may also be a clock time such as "5:00" (m:ss) or "1:05:30"' : '') +
          '.',
      ),
    from: unitField(mu, 'from'),
    to: unitField(mu, 'to').optional(),
  });
}

export function defineConverter(spec: ConverterSpec) {
  const mu = measureUnits(spec.measure);
  const floor = spec.floor;
  const examples: ToolExample<z.input<ReturnType<typeof converterInput>>, ConverterOutput>[] = spec.examples.map((example) => ({
    title: example.title,
    input: example.input,
    output: expand(mu, spec, example),
  }));
  return defineTool({
    module: 'unit-conversions',
    slug: spec.slug,
    title: spec.title,
    description:
      `${spec.description} Units: ${unitList(mu.units)}. ` +
      'Computed in decimal arithmetic from exact unit definitions: a result that is exact and fits a JSON number is returned exactly ' +
      `(1 km = 1000 m, 1 PiB = 1125899906842624 B), any other is rounded half-up to ${SIGNIFICANT_DIGITS} significant digits. ` +
      'Omit `to` to get the value in every unit.',
    keywords: spec.keywords,
    input: () => converterInput(mu, spec),
    output: () => outputSchema,
    examples,
    run: (raw) => {
      const { value, from, to } = raw;
      const amount = parseValue(value, spec, from);
      // Compared unrounded: the floor itself converts exactly (-273.15 °C and -459.67 °F are 0 K to the last digit), and anything
      // below it, however little, is below it.
      if (floor && mu.convert(amount, from, floor.unit).lt(floor.value)) throw invalidField('value', floor.message);
      const base = { measure: spec.measure, value: toOutputNumber(amount), from: mu.info(from), significantDigits: SIGNIFICANT_DIGITS };
      if (to === undefined) {
        return { ...base, conversions: mu.units.map((u) => ({ ...u, ...present(mu, spec, u.symbol, toOutputNumber(mu.convert(amount, from, u.symbol))) })) };
      }
      const result = toOutputNumber(mu.convert(amount, from, to));
      const shown = present(mu, spec, to, result);
      return {
        ...base,
        to: mu.info(to),
        result,
        ...(shown.clock ? { clock: shown.clock } : {}),
        expression: `${formatNumber(base.value)} ${from} = ${formatNumber(result)} ${to}`,
      };
    },
  });
}
