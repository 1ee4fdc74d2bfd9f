import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { asToolError } from '../../core/errors.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { unitConversionsTools } from './index.ts';
import { formatClock } from './lib/converter.ts';
import { D, measureUnits, type MeasureName } from './lib/units.ts';

const catalogOrder = [
  'length-converter',
  'area-converter',
  'mass-converter',
  'volume-converter',
  'each-converter',
  'temperature-converter',
  'time-converter',
  'digital-converter',
  'parts-per-converter',
  'speed-converter',
  'pace-converter',
  'pressure-converter',
  'current-converter',
  'voltage-converter',
  'power-converter',
  'reactive-power-converter',
  'apparent-power-converter',
  'energy-converter',
  'reactive-energy-converter',
  'volume-flow-rate-converter',
  'illuminance-converter',
  'frequency-converter',
  'angle-converter',
];

function tool(slug: string): AnyTool {
  const found = unitConversionsTools.find((t) => t.slug === `${slug}-converter`);
  assert.ok(found, `no tool ${slug}-converter`);
  return found;
}

interface Out {
  value: number;
  result?: number;
  clock?: string;
  expression?: string;
  from: { symbol: string };
  to?: { symbol: string };
  conversions?: { symbol: string; value: number; clock?: string }[];
}

async function convert(measure: string, value: number | string, from: string, to?: string): Promise<Out> {
  const { result } = await run(tool(measure), to === undefined ? { value, from } : { value, from, to });
  return result as Out;
}

async function result(measure: string, value: number | string, from: string, to: string): Promise<number | undefined> {
  return (await convert(measure, value, from, to)).result;
}

test('the module has exactly the 23 catalog slugs, in catalog order', () => {
  assert.deepEqual(
    unitConversionsTools.map((t) => t.slug),
    catalogOrder,
  );
});

test('every example gives its hand-checked output through the pipeline', async () => {
  for (const t of unitConversionsTools) {
    for (const example of t.examples) {
      const { result: got } = await run(t, example.input);
      assert.deepEqual(got, example.output, `${t.slug}: ${example.title ?? ''}`);
    }
  }
});

describe('figures pinned to outside sources', () => {
  test('temperature (NIST SP 811 §4.2.1.1 and appendix B.8): 0 °C = 273.15 K, −40 °C = −40 °F, 100 °C = 212 °F', async () => {
    assert.equal(await result('temperature', 0, 'C', 'K'), 273.15);
    assert.equal(await result('temperature', -40, 'C', 'F'), -40);
    assert.equal(await result('temperature', 100, 'C', 'F'), 212);
    assert.equal(await result('temperature', 32, 'F', 'C'), 0);
    assert.equal(await result('temperature', 0, 'K', 'F'), -459.67);
    // Rankine: T/°R = 1.8 T/K (NIST SP 811 B.8), so 273.15 K = 491.67 °R.
    assert.equal(await result('temperature', 273.15, 'K', 'R'), 491.67);
    assert.equal(await result('temperature', 491.67, 'R', 'C'), 0);
  });

  test('pace: 5:00 min/km = 8.04672 min/mi = 8:02.8, because 1 mi = 1.609344 km exactly (NIST SP 811 B.8)', async () => {
    // The task brief said 8:02.7; 5 × 1.609344 = 8.04672 min = 8 min 2.8032 s, which is 8:02.8 to a tenth.
    const out = await convert('pace', '5:00', 'min/km', 'min/mi');
    assert.equal(out.result, 8.04672);
    assert.equal(out.clock, '8:02.8');
    assert.equal(out.value, 5);
    assert.equal(await result('pace', '4:00', 'min/km', 's/km'), 240);
    assert.equal((await convert('pace', '1:00:00', 's/km', 'min/km')).result, 60);
  });

  test('psi to kPa (NIST SP 811 B.8: 1 psi = 6.894757 kPa)', async () => {
    const kPa = await result('pressure', 1, 'psi', 'kPa');
    assert.equal(Number(kPa?.toFixed(6)), 6.894757);
    assert.equal(kPa, 6.89475729317);
    assert.equal(await result('pressure', 1, 'atm', 'Pa'), 101325); // standard atmosphere, exact
    assert.equal(await result('pressure', 1, 'bar', 'kPa'), 100);
  });

  test('binary and decimal prefixes (IEC 80000-13): 1 KiB = 1024 B, 1 kB = 1000 B', async () => {
    assert.equal(await result('digital', 1, 'KiB', 'B'), 1024);
    assert.equal(await result('digital', 1, 'kB', 'B'), 1000);
    assert.equal(await result('digital', 1, 'MiB', 'KiB'), 1024);
    assert.equal(await result('digital', 1, 'PiB', 'B'), 1024 ** 5);
    assert.equal(await result('digital', 1, 'PB', 'TB'), 1000);
    assert.equal(await result('digital', 1, 'byte', 'bit'), 8);
    assert.equal(await result('digital', 1, 'KiB', 'kb'), 8.192);
  });

  test('exact legal definitions (NIST SP 811 B.8): inch, foot, pound, US gallon, knot, nautical mile', async () => {
    assert.equal(await result('length', 1, 'in', 'mm'), 25.4);
    assert.equal(await result('length', 0.3048, 'm', 'ft'), 1);
    assert.equal(await result('length', 1, 'nMi', 'm'), 1852);
    assert.equal(await result('mass', 1, 'lb', 'g'), 453.59237);
    assert.equal(await result('volume', 1, 'gal', 'in3'), 231);
    assert.equal(await result('volume', 1, 'gal', 'ml'), 3785.411784);
    assert.equal(await result('volume', 1, 'pnt-imp', 'ml'), 568.26125);
    assert.equal(await result('speed', 1, 'knot', 'm/s'), 0.514444444444);
    assert.equal(await result('speed', 60, 'mph', 'ft/s'), 88);
    assert.equal(await result('energy', 1, 'cal', 'J'), 4.184);
    assert.equal(await result('energy', 1, 'Wh', 'J'), 3600);
    assert.equal(await result('power', 1, 'PS', 'W'), 735.49875);
    assert.equal(await result('area', 1, 'mi2', 'ac'), 640);
    assert.equal(await result('illuminance', 1, 'fc', 'lx'), 10.7639104167);
    assert.equal(await result('angle', 1, 'turn', 'rad'), 6.28318530718);
    assert.equal(await result('angle', 1, 'deg', 'arcsec'), 3600);
  });

  test('more NIST SP 811 B.8 and SI Brochure factors: US survey foot, torr, horsepower, IT Btu, electronvolt, tonne, Julian year', async () => {
    assert.equal(await result('length', 3937, 'ft-us', 'm'), 1200); // 1 US survey foot = 1200/3937 m
    assert.equal(await result('pressure', 760, 'torr', 'Pa'), 101325); // 1 torr = 101325/760 Pa
    // 550 ft·lbf/s = 745.69987158227022 W exactly; 17 digits do not fit a double, so 12 significant digits.
    assert.equal(await result('power', 1, 'hp', 'W'), 745.699871582);
    assert.equal(await result('energy', 1, 'Btu', 'J'), 1055.05585262);
    assert.equal(await result('energy', 1, 'eV', 'J'), 1.602176634e-19);
    assert.equal(await result('mass', 1, 'mt', 'kg'), 1000);
    // t is the tonne (SI Brochure, table 8), as a reader of SI expects; ton alone is the US short ton, 2000 lb (NIST SP 811, B.8)
    assert.equal(await result('mass', 1, 't', 'kg'), 1000);
    assert.equal(await result('mass', 1, 'ton', 'kg'), 907.18474);
    assert.equal(await result('mass', 1, 'short ton', 'lb'), 2000);
    assert.equal(await result('mass', 1, 'long-ton', 'lb'), 2240);
    assert.equal(await result('time', 1, 'year', 'd'), 365.25);
    assert.equal(await result('pressure', 1, 'kgf/cm2', 'kPa'), 98.0665);
  });

  test('flows per hour, day and year are exact ratios: inexact results round to 12 digits like every other', async () => {
    // 1 dm³/h = 1/3600 l/s = 0.000277777…; 1 m³/d = 1000/86400 l/s = 0.0115740740…
    assert.equal(await result('volume-flow-rate', 1, 'dm3/h', 'l/s'), 0.000277777777778);
    assert.equal(await result('volume-flow-rate', 1, 'm3/d', 'l/s'), 0.0115740740741);
    assert.equal(await result('volume-flow-rate', 31557600, 'l/a', 'l/s'), 1);
  });

  test('a conversion multiplies exact factors and divides once: terminating results come out whole', async () => {
    // 123456.789 in² × 0.00064516 m²/in² = 79.64938199124 m² exactly (more than 12 digits, still exact).
    assert.equal(await result('area', 123456.789, 'in2', 'm2'), 79.64938199124);
  });
});

describe('no binary float noise', () => {
  test('round trips and decimal inputs come back exact', async () => {
    assert.equal(await result('length', 1, 'km', 'm'), 1000);
    assert.equal(await result('length', 0.1, 'm', 'cm'), 10);
    assert.equal(await result('length', '0.3', 'm', 'mm'), 300);
    assert.equal(await result('mass', 0.1, 'kg', 'g'), 100);
    assert.equal(await result('time', 0.1, 'h', 's'), 360);
    assert.equal(await result('length', 1, 'ft', 'in'), 12);
    const feet = await result('length', 1, 'm', 'ft');
    assert.equal(feet, 3.28083989501);
    assert.equal(await result('parts-per', 0.07, '%', 'ppm'), 700);
  });

  test('expression shows the rounded figures', async () => {
    assert.equal((await convert('length', 1, 'km', 'm')).expression, '1 km = 1000 m');
  });
});

describe('unit names, symbols and aliases', () => {
  test('micro: μ (U+03BC), µ (U+00B5) and u all mean micro', async () => {
    assert.equal(await result('current', 1, 'mA', 'μA'), 1000);
    assert.equal(await result('current', 1, 'mA', 'µA'), 1000);
    assert.equal(await result('current', 1, 'mA', 'uA'), 1000);
    assert.equal(await result('current', 1, 'microampere', 'A'), 0.000001);
  });

  test('"kilo" and "kilos" are kilograms, as people say', async () => {
    assert.equal(await result('mass', 2, 'kilos', 'g'), 2000);
    assert.equal(await result('mass', 1, 'kilo', 'kg'), 1);
  });

  test('a unit text longer than any unit name (here 100 KB) is refused with 400 naming the field, without being read', async () => {
    await assert.rejects(run(tool('length'), { value: 1, from: 'km'.repeat(50_000), to: 'm' }), (error: unknown) => {
      const { status, detail } = asToolError(error);
      assert.equal(status, 400);
      assert.match(detail, /\bfrom\b.*at most 40 characters/);
      assert.ok(detail.length < 1000, 'the text is not echoed back');
      return true;
    });
    assert.equal(await result('pressure', 1, 'kilogram-force per square centimetre', 'kgf/cm2'), 1);
  });

  test('case matters for symbols (mW vs MW) and an ambiguous spelling is refused with both readings', async () => {
    assert.equal(await result('power', 1, 'MW', 'W'), 1_000_000);
    assert.equal(await result('power', 1, 'mW', 'W'), 0.001);
    await expectBadRequest(tool('power'), { value: 1, from: 'mw', to: 'W' }, 'from');
    await assert.rejects(run(tool('power'), { value: 1, from: 'mw', to: 'W' }), /./);
    await assert.rejects(run(tool('digital'), { value: 1, from: 'KB', to: 'B' }), (e: { detail?: string }) => {
      assert.match(e.detail ?? '', /^from: "KB" is ambiguous/);
      assert.match(e.detail ?? '', /kB = Kilobyte/);
      return true;
    });
  });

  test('names are case-insensitive, singular or plural, metre or meter; unambiguous symbols too', async () => {
    assert.equal(await result('current', 2, 'Ampere', 'milliamperes'), 2000);
    assert.equal(await result('length', 1, 'KILOMETRE', 'meters'), 1000);
    assert.equal(await result('length', 1, 'KM', 'm'), 1000);
    assert.equal(await result('volume', 1, 'liter', 'millilitres'), 1000);
    assert.equal(await result('temperature', 10, 'Celsius', 'kelvin'), 283.15);
    assert.equal(await result('area', 2, 'm²', 'm^2'), 2);
    assert.equal(await result('area', 1, 'sq ft', 'in2'), 144);
    assert.equal(await result('volume-flow-rate', 1, 'm³/h', 'l/h'), 1000);
    assert.equal(await result('reactive-power', 1, 'kvar', 'VAR'), 1000);
    assert.equal(await result('apparent-power', 1, 'kVA', 'VA'), 1000);
    assert.equal(await result('reactive-energy', 1, 'kVARh', 'VARh'), 1000);
    assert.equal(await result('each', 1, 'gross', 'each'), 144);
    assert.equal(await result('angle', 1, 'gon', 'deg'), 0.9);
    assert.equal(await result('frequency', 1, 'MHz', 'kHz'), 1000);
    assert.equal(await result('energy', 1, 'Cal', 'cal'), 1000);
    assert.equal(await result('voltage', 1, 'kV', 'V'), 1000);
  });

  test('every listed symbol converts to every other without error, and to itself unchanged', async () => {
    for (const t of unitConversionsTools) {
      const listing = (await run(t, { value: 7, from: (t.examples[0]?.input as { from: string }).from })).result as Out;
      assert.ok(listing.conversions && listing.conversions.length >= 2, t.slug);
      for (const unit of listing.conversions) {
        if (Math.abs(unit.value) > 1e21) continue; // beyond the accepted magnitude
        const back = (await run(t, { value: unit.value, from: unit.symbol, to: listing.from.symbol })).result as Out;
        // 12 significant digits each way: the round trip agrees to 10.
        assert.ok(Math.abs((back.result ?? 0) - 7) <= 7e-10, `${t.slug}: ${unit.symbol} round trip gave ${back.result}`);
        assert.equal(((await run(t, { value: 3, from: unit.symbol, to: unit.symbol })).result as Out).result, 3);
      }
    }
  });
});

test('every pair of units of every measure converts, and A -> B -> A returns the value', () => {
  const measures: MeasureName[] = [
    'length',
    'area',
    'mass',
    'volume',
    'each',
    'temperature',
    'time',
    'digital',
    'partsPer',
    'speed',
    'pace',
    'pressure',
    'current',
    'voltage',
    'power',
    'reactivePower',
    'apparentPower',
    'energy',
    'reactiveEnergy',
    'volumeFlowRate',
    'illuminance',
    'frequency',
    'angle',
  ];
  for (const measure of measures) {
    const mu = measureUnits(measure);
    for (const a of mu.symbols) {
      for (const b of mu.symbols) {
        const there = mu.convert(new D(3), a, b);
        const back = mu.convert(there, b, a);
        assert.ok(back.minus(3).abs().lt('1e-30'), `${measure}: 3 ${a} -> ${b} -> ${a} gave ${back.toString()}`);
      }
    }
  }
});

describe('listing every unit when `to` is omitted', () => {
  test('temperature from 100 °C', async () => {
    const out = await convert('temperature', 100, 'C');
    assert.deepEqual(
      out.conversions?.map((c) => [c.symbol, c.value]),
      [
        ['C', 100],
        ['K', 373.15],
        ['F', 212],
        ['R', 671.67],
      ],
    );
    assert.equal(out.result, undefined);
  });

  test('pace listing carries clock times', async () => {
    const out = await convert('pace', 5, 'min/km');
    const bySymbol = Object.fromEntries(out.conversions?.map((c) => [c.symbol, c.clock]) ?? []);
    assert.equal(bySymbol['min/km'], '5:00');
    assert.equal(bySymbol['min/mi'], '8:02.8');
    assert.equal(bySymbol['s/km'], '5:00');
  });
});

describe('refusals are 400s naming the field', () => {
  test('unknown units list the allowed ones', async () => {
    await assert.rejects(run(tool('current'), { value: 1, from: 'A', to: 'furlong' }), (e: { detail?: string; status?: number }) => {
      assert.equal(e.status, 400);
      assert.match(e.detail ?? '', /^to: unknown current unit "furlong"; allowed: A, μA, mA, kA, MA/);
      return true;
    });
    await expectBadRequest(tool('length'), { value: 1, from: 'kg', to: 'm' }, 'from');
    await expectBadRequest(tool('length'), { value: 1, from: 12, to: 'm' }, 'from');
  });

  test('missing or malformed values', async () => {
    await expectBadRequest(tool('length'), { from: 'm', to: 'ft' }, 'value');
    await expectBadRequest(tool('length'), { value: 'ten', from: 'm', to: 'ft' }, 'value');
    await expectBadRequest(tool('length'), { value: '1e22', from: 'm', to: 'ft' }, 'value');
    await expectBadRequest(tool('length'), { value: 1, to: 'ft' }, 'from');
    await expectBadRequest(tool('pace'), { value: '5:75', from: 'min/km', to: 'min/mi' }, 'value');
    await expectBadRequest(tool('length'), { value: '5:00', from: 'm', to: 'ft' }, 'value');
  });

  test('negative where impossible, and below absolute zero', async () => {
    await expectBadRequest(tool('mass'), { value: -1, from: 'kg', to: 'lb' }, 'value');
    await expectBadRequest(tool('digital'), { value: -1, from: 'B', to: 'bit' }, 'value');
    await expectBadRequest(tool('temperature'), { value: -273.16, from: 'C', to: 'K' }, 'value');
    await expectBadRequest(tool('temperature'), { value: -1, from: 'K', to: 'C' }, 'value');
    await expectBadRequest(tool('temperature'), { value: -460, from: 'F', to: 'C' }, 'value');
    assert.equal(await result('temperature', -459.67, 'F', 'K'), 0); // absolute zero itself is fine
    // A hair below it is still below it (T/K = t/°C + 273.15, SI Brochure 2.3.1): 1e-22 K under, and -1e-21 °R.
    await expectBadRequest(tool('temperature'), { value: '-273.1500000000000000000001', from: 'C', to: 'K' }, 'value');
    await expectBadRequest(tool('temperature'), { value: '-1e-21', from: 'R', to: 'K' }, 'value');
    assert.equal(await result('temperature', -273.15, 'C', 'R'), 0);
    assert.equal(await result('pressure', -5, 'psi', 'kPa'), -34.4737864658); // gauge vacuum
    assert.equal(await result('length', -430.5, 'm', 'ft'), -1412.4015748); // Dead Sea shore elevation
  });
});

test('formatClock', () => {
  assert.equal(formatClock(300), '5:00');
  assert.equal(formatClock(482.8032), '8:02.8');
  assert.equal(formatClock(3725.04), '1:02:05');
  assert.equal(formatClock(59.96), '1:00');
});

test('property: valid inputs never give a 5xx; invalid units and values give a 400', async () => {
  const tools = fc.constantFrom(...unitConversionsTools);
  await fc.assert(
    fc.asyncProperty(tools, fc.double({ min: -1e18, max: 1e18, noNaN: true }), fc.nat(), fc.nat(), fc.boolean(), async (t, value, i, j, omitTo) => {
      const listing = t.examples[0]?.input as { from: string };
      const units = ((await run(t, { value: 1, from: listing.from })).result as Out).conversions?.map((c) => c.symbol) ?? [];
      const from = units[i % units.length] ?? 'x';
      const to = units[j % units.length] ?? 'x';
      const outcome = await expectNoServerError(t, omitTo ? { value, from } : { value, from, to });
      if (typeof outcome !== 'number') {
        const out = outcome.result as Out;
        const numbers = out.conversions ? out.conversions.map((c) => c.value) : [out.result ?? 0];
        for (const n of numbers) assert.ok(Number.isFinite(n), `${t.slug}: ${JSON.stringify(out)}`);
      }
    }),
    { numRuns: 300 },
  );
  await fc.assert(
    fc.asyncProperty(tools, fc.string({ minLength: 1, maxLength: 12 }), async (t, junk) => {
      fc.pre(!/^[\s\d.+\-eE:_]*$/.test(junk));
      // Junk as a value is always refused; junk as a unit is refused unless it happens to name a unit.
      await expectBadRequest(t, { value: junk, from: (t.examples[0]?.input as { from: string }).from }, 'value');
      const outcome = await expectNoServerError(t, { value: 1, from: junk });
      assert.ok(typeof outcome !== 'number' || outcome === 400);
    }),
    { numRuns: 300 },
  );
});
