/**
 * The module's tools: one row per measure, each a `defineConverter` declaration (lib/converter.ts), in the
 * order the catalog lists them. The converters differ only in data (measure, words, examples), so they
 * are rows of one table instead of 23 files repeating the same declaration (docs/writing-tools.md
 * "A family of tools that differ only in data").
 */
import type { AnyTool } from '../../registry/define-tool.ts';
import { defineConverter } from './lib/converter.ts';

export const unitConversionsTools: AnyTool[] = [
  defineConverter({
    measure: 'length',
    slug: 'length-converter',
    title: 'Length converter',
    description:
      'Converts lengths and distances between metric and imperial/US units, from nanometres to nautical miles (1 in = 25.4 mm and 1 ft = 0.3048 m exactly; negative values such as elevations are allowed).',
    keywords: ['length', 'distance', 'metres to feet', 'inches to cm', 'miles to km', 'nautical mile'],
    allowNegative: true,
    examples: [
      { title: 'kilometres to metres is exact', input: { value: 1, from: 'km', to: 'm' }, result: 1000 },
      { title: 'one foot is 0.3048 m (international foot)', input: { value: 1, from: 'ft', to: 'm' }, result: 0.3048 },
      { title: 'unit names are accepted: a marathon in km', input: { value: 26.2, from: 'miles', to: 'kilometre' }, result: 42.1648128 },
    ],
  }),
  defineConverter({
    measure: 'area',
    slug: 'area-converter',
    title: 'Area converter',
    description:
      'Converts areas between metric units (mm² to km², are, hectare) and imperial/US units (in², ft², yd², acre, mi²); m², sq ft and m^2 spellings are accepted.',
    keywords: ['area', 'square metres', 'square feet', 'hectares to acres', 'acre', 'sq ft'],
    examples: [
      { title: 'hectare to square metres', input: { value: 1, from: 'ha', to: 'm2' }, result: 10000 },
      { title: 'an acre is 4046.8564224 m² exactly', input: { value: 1, from: 'acre', to: 'm²' }, result: 4046.8564224 },
      { title: 'square metre to square feet', input: { value: 1, from: 'm2', to: 'sq ft' }, result: 10.7639104167 },
    ],
  }),
  defineConverter({
    measure: 'mass',
    slug: 'mass-converter',
    title: 'Mass (weight) converter',
    description:
      'Converts masses and weights between metric units (µg to tonne) and imperial/US units (grain, ounce, pound, stone, short ton, long ton). t is the tonne (1000 kg, as in SI; mt is accepted too); ton or ton-us is the US short ton (2000 lb), long-ton the UK long ton (2240 lb).',
    keywords: ['mass', 'weight', 'kg to lb', 'pounds to kilograms', 'ounces to grams', 'stone'],
    examples: [
      { title: 'a pound is 0.45359237 kg exactly', input: { value: 1, from: 'lb', to: 'kg' }, result: 0.45359237 },
      { title: 'stone to kilograms', input: { value: 1, from: 'st', to: 'kg' }, result: 6.35029318 },
      { title: 'micrograms with the micro sign', input: { value: 2500, from: 'µg', to: 'mg' }, result: 2.5 },
    ],
  }),
  defineConverter({
    measure: 'volume',
    slug: 'volume-converter',
    title: 'Volume converter',
    description:
      'Converts volumes and capacities between metric units (mm³, ml, l, m³…), US customary units (tsp, tbsp, fl oz, cup, pint, quart, gallon, in³, ft³) and British imperial units (imperial gallon, pint, fluid ounce). gal is the US gallon (3.785411784 l); gal-imp is the UK gallon (4.54609 l).',
    keywords: ['volume', 'capacity', 'litres to gallons', 'ml to oz', 'cups', 'cubic metres'],
    examples: [
      { title: 'US gallon to litres', input: { value: 1, from: 'gal', to: 'l' }, result: 3.785411784 },
      { title: 'UK imperial gallon to litres', input: { value: 1, from: 'gal-imp', to: 'L' }, result: 4.54609 },
      { title: 'cubic metre to litres', input: { value: 1, from: 'm3', to: 'l' }, result: 1000 },
    ],
  }),
  defineConverter({
    measure: 'each',
    slug: 'each-converter',
    title: 'Count (each) converter',
    description:
      "Converts counts between each (single items) and counting units: dozen, baker's dozen, gross, great gross, score, ream, long hundred, trio, couple.",
    keywords: ['each', 'count', 'dozen', 'gross', 'pieces', 'score', 'ream'],
    examples: [
      { title: 'three dozen is 36 items', input: { value: 3, from: 'dozen', to: 'ea' }, result: 36 },
      { title: 'a gross is twelve dozen', input: { value: 1, from: 'gross', to: 'dz' }, result: 12 },
      {
        title: 'one gross in every counting unit',
        input: { value: 1, from: 'gros' },
        results: {
          ea: 144,
          dz: 12,
          'bk-doz': 11.0769230769,
          cp: 72,
          'doz-doz': 1,
          'gr-gr': 0.0833333333333,
          gros: 1,
          'half-dozen': 24,
          'long-hundred': 1.2,
          ream: 0.288,
          scores: 7.2,
          'sm-gr': 1.2,
          trio: 48,
        },
      },
    ],
  }),
  defineConverter({
    measure: 'temperature',
    slug: 'temperature-converter',
    title: 'Temperature converter',
    description:
      'Converts temperatures between Celsius, Fahrenheit, Kelvin and Rankine with the correct offsets (0 °C = 32 °F = 273.15 K = 491.67 °R). Values below absolute zero are refused.',
    keywords: ['temperature', 'celsius to fahrenheit', 'fahrenheit to celsius', 'kelvin', 'rankine', 'degrees'],
    allowNegative: true,
    floor: { unit: 'K', value: '0', message: 'below absolute zero (0 K = -273.15 °C = -459.67 °F = 0 °R)' },
    examples: [
      { title: 'water boils at 212 °F', input: { value: 100, from: 'C', to: 'F' }, result: 212 },
      { title: '−40 is the same in Celsius and Fahrenheit', input: { value: -40, from: '°C', to: '°F' }, result: -40 },
      { title: 'freezing point in every scale', input: { value: 0, from: 'celsius' }, results: { C: 0, K: 273.15, F: 32, R: 491.67 } },
    ],
  }),
  defineConverter({
    measure: 'time',
    slug: 'time-converter',
    title: 'Time (duration) converter',
    description:
      'Converts durations between nanoseconds, microseconds, milliseconds, seconds, minutes, hours, days, weeks, months and years. A year is the Julian year of 365.25 days and a month a twelfth of it (30.4375 days).',
    keywords: ['time', 'duration', 'hours to minutes', 'seconds', 'days to weeks', 'milliseconds'],
    allowNegative: true,
    examples: [
      { title: 'hours to seconds', input: { value: 1, from: 'h', to: 's' }, result: 3600 },
      { title: 'ninety minutes in hours', input: { value: 90, from: 'minutes', to: 'hours' }, result: 1.5 },
      { title: 'a week in days', input: { value: 1, from: 'week', to: 'd' }, result: 7 },
    ],
  }),
  defineConverter({
    measure: 'digital',
    slug: 'digital-converter',
    title: 'Digital storage converter',
    description:
      'Converts data sizes between bits and bytes with SI decimal prefixes (kB = 1000 B, MB, GB, TB, PB; kb, Mb… for bits) and IEC binary prefixes (KiB = 1024 B, MiB, GiB, TiB, PiB; Kib… for bits), per IEC 80000-13. B is a byte and b a bit; the ambiguous KB is refused (use kB or KiB).',
    keywords: ['digital', 'data size', 'bytes', 'megabytes to gigabytes', 'kibibyte', 'bits to bytes', 'storage'],
    examples: [
      { title: 'a kibibyte is 1024 bytes (IEC 80000-13)', input: { value: 1, from: 'KiB', to: 'B' }, result: 1024 },
      { title: 'a decimal gigabyte in gibibytes', input: { value: 1, from: 'GB', to: 'GiB' }, result: 0.931322574615 },
      { title: 'a 100 Mbit/s line moves 12.5 MB per second', input: { value: 100, from: 'Mb', to: 'MB' }, result: 12.5 },
    ],
  }),
  defineConverter({
    measure: 'partsPer',
    slug: 'parts-per-converter',
    title: 'Parts-per converter',
    description: 'Converts concentrations and ratios between percent, per mille, parts per million (ppm), billion (ppb), trillion (ppt) and quadrillion (ppq).',
    keywords: ['parts per million', 'ppm', 'ppb', 'percent', 'concentration', 'ppt'],
    examples: [
      { title: 'one percent is 10,000 ppm', input: { value: 1, from: '%', to: 'ppm' }, result: 10000 },
      { title: 'ppb to ppm', input: { value: 250, from: 'ppb', to: 'ppm' }, result: 0.25 },
      { title: 'ppm to percent', input: { value: 5, from: 'ppm', to: 'percent' }, result: 0.0005 },
    ],
  }),
  defineConverter({
    measure: 'speed',
    slug: 'speed-converter',
    title: 'Speed converter',
    description:
      'Converts speeds between m/s, km/h, mm/h, mph, knots, ft/s, ft/min and in/h (1 knot = 1.852 km/h exactly; negative values are velocities in the opposite direction).',
    keywords: ['speed', 'velocity', 'kph to mph', 'mph to km/h', 'knots', 'm/s'],
    allowNegative: true,
    examples: [
      { title: '100 km/h in mph', input: { value: 100, from: 'km/h', to: 'mph' }, result: 62.1371192237 },
      { title: 'a knot is 1.852 km/h', input: { value: 1, from: 'knot', to: 'kph' }, result: 1.852 },
      { title: 'metres per second to km/h', input: { value: 10, from: 'm/s', to: 'km/h' }, result: 36 },
    ],
  }),
  defineConverter({
    measure: 'pace',
    slug: 'pace-converter',
    title: 'Pace converter',
    description:
      'Converts running and walking pace between min/km, min/mi, s/km, s/mi, s/m and s/ft. Values may be given as clock times ("5:00" min/km) and results also come as m:ss.s clock times.',
    keywords: ['pace', 'running pace', 'min per km', 'min per mile', 'race pace', 'tempo'],
    clock: true,
    examples: [
      { title: '5:00 min/km is 8:02.8 min/mi', input: { value: '5:00', from: 'min/km', to: 'min/mi' }, result: 8.04672 },
      { title: '8:00 min/mi in min/km', input: { value: 8, from: 'min/mi', to: 'min/km' }, result: 4.9709695379 },
      { title: 'seconds per km to min per km', input: { value: 270, from: 's/km', to: 'min/km' }, result: 4.5 },
    ],
  }),
  defineConverter({
    measure: 'pressure',
    slug: 'pressure-converter',
    title: 'Pressure converter',
    description:
      'Converts pressures between Pa, hPa, kPa, MPa, mbar, bar, atm, torr, mmHg, inHg, mH2O, kgf/cm², psi and ksi (psi from the exact pound-force and inch: 1 psi = 6.894757293168 kPa). Negative values (gauge vacuum) are allowed.',
    keywords: ['pressure', 'psi to bar', 'bar to psi', 'kpa', 'atmosphere', 'mmhg', 'tyre pressure'],
    allowNegative: true,
    examples: [
      { title: '1 psi in kPa', input: { value: 1, from: 'psi', to: 'kPa' }, result: 6.89475729317 },
      { title: 'standard atmosphere in psi', input: { value: 1, from: 'atm', to: 'psi' }, result: 14.6959487755 },
      { title: '760 torr is one atmosphere', input: { value: 760, from: 'torr', to: 'atm' }, result: 1 },
    ],
  }),
  defineConverter({
    measure: 'current',
    slug: 'current-converter',
    title: 'Electric current converter',
    description: 'Converts electric current between A, μA, mA, kA and MA (µA with the micro sign and uA are accepted).',
    keywords: ['current', 'amperes', 'milliamps', 'amps to milliamps', 'electric current'],
    allowNegative: true,
    examples: [
      { title: 'milliamperes to amperes', input: { value: 1500, from: 'mA', to: 'A' }, result: 1.5 },
      { title: 'microamperes typed as uA', input: { value: 250, from: 'uA', to: 'milliampere' }, result: 0.25 },
      { title: 'two amperes in every unit', input: { value: 2, from: 'ampere' }, results: { A: 2, μA: 2000000, mA: 2000, kA: 0.002, MA: 0.000002 } },
    ],
  }),
  defineConverter({
    measure: 'voltage',
    slug: 'voltage-converter',
    title: 'Voltage converter',
    description: 'Converts electric potential between V, μV, mV, kV and MV.',
    keywords: ['voltage', 'volts', 'millivolts', 'kilovolts', 'electric potential'],
    allowNegative: true,
    examples: [
      { title: 'volts to kilovolts', input: { value: 230, from: 'V', to: 'kV' }, result: 0.23 },
      { title: 'millivolts to microvolts', input: { value: 5, from: 'mV', to: 'µV' }, result: 5000 },
    ],
  }),
  defineConverter({
    measure: 'power',
    slug: 'power-converter',
    title: 'Power converter',
    description:
      'Converts power between W, mW, kW, MW, GW, metric horsepower (PS), mechanical horsepower (hp, 550 ft·lbf/s), ft·lbf/s, Btu/s and Btu/h. Symbols are case-sensitive: mW is a milliwatt, MW a megawatt.',
    keywords: ['power', 'watts', 'horsepower', 'kw to hp', 'btu/h', 'megawatt'],
    allowNegative: true,
    examples: [
      { title: 'mechanical horsepower in watts', input: { value: 1, from: 'hp', to: 'W' }, result: 745.699871582 },
      { title: 'a 12,000 Btu/h air conditioner in kW', input: { value: 12000, from: 'Btu/h', to: 'kW' }, result: 3.51685284207 },
      { title: 'megawatt to milliwatts (case matters)', input: { value: 1, from: 'MW', to: 'mW' }, result: 1000000000 },
    ],
  }),
  defineConverter({
    measure: 'reactivePower',
    slug: 'reactive-power-converter',
    title: 'Reactive power converter',
    description: 'Converts reactive power between VAR, mVAR, kVAR, MVAR and GVAR (var spellings accepted; negative values for capacitive power are allowed).',
    keywords: ['reactive power', 'var', 'kvar', 'mvar', 'power factor correction'],
    allowNegative: true,
    examples: [
      { title: 'VAR to kVAR', input: { value: 1500, from: 'VAR', to: 'kVAR' }, result: 1.5 },
      { title: 'one kVAR in every unit', input: { value: 1, from: 'kvar' }, results: { VAR: 1000, mVAR: 1000000, kVAR: 1, MVAR: 0.001, GVAR: 0.000001 } },
    ],
  }),
  defineConverter({
    measure: 'apparentPower',
    slug: 'apparent-power-converter',
    title: 'Apparent power converter',
    description: 'Converts apparent power between VA, mVA, kVA, MVA and GVA (transformer and UPS ratings).',
    keywords: ['apparent power', 'va', 'kva', 'mva', 'transformer rating', 'ups'],
    examples: [
      { title: 'kVA to VA', input: { value: 2.5, from: 'kVA', to: 'VA' }, result: 2500 },
      { title: 'MVA to kVA', input: { value: 1, from: 'MVA', to: 'kVA' }, result: 1000 },
    ],
  }),
  defineConverter({
    measure: 'energy',
    slug: 'energy-converter',
    title: 'Energy converter',
    description:
      'Converts energy between J, kJ, MJ, GJ, Ws, Wm, Wh, mWh, kWh, MWh, GWh, cal, kcal (thermochemical, 4.184 J), Btu (International Table), ft·lbf, erg and eV.',
    keywords: ['energy', 'joules', 'kwh', 'calories', 'btu', 'electronvolt'],
    allowNegative: true,
    examples: [
      { title: 'kilowatt-hour in joules', input: { value: 1, from: 'kWh', to: 'J' }, result: 3600000 },
      { title: 'kilocalorie in kilojoules', input: { value: 1, from: 'kcal', to: 'kJ' }, result: 4.184 },
      { title: 'Btu in joules', input: { value: 1, from: 'BTU', to: 'J' }, result: 1055.05585262 },
    ],
  }),
  defineConverter({
    measure: 'reactiveEnergy',
    slug: 'reactive-energy-converter',
    title: 'Reactive energy converter',
    description: 'Converts reactive energy between VARh, mVARh, kVARh, MVARh and GVARh (meter readings and utility bills).',
    keywords: ['reactive energy', 'varh', 'kvarh', 'mvarh', 'meter reading'],
    allowNegative: true,
    examples: [
      { title: 'MVARh to kVARh', input: { value: 1, from: 'MVARh', to: 'kVARh' }, result: 1000 },
      { title: 'VARh to kVARh', input: { value: 500, from: 'varh', to: 'kvarh' }, result: 0.5 },
    ],
  }),
  defineConverter({
    measure: 'volumeFlowRate',
    slug: 'volume-flow-rate-converter',
    title: 'Volume flow rate converter',
    description:
      'Converts volume flow rates between metric units (ml/s, l/min, m³/h…) and US customary units (gal/min, ft³/min, in³/s…); gpm, cfm and lpm are accepted.',
    keywords: ['flow rate', 'volume flow', 'gpm', 'cfm', 'litres per minute', 'm3/h'],
    examples: [
      { title: 'm³/s to litres per second', input: { value: 1, from: 'm3/s', to: 'l/s' }, result: 1000 },
      { title: 'a gallon per minute in litres per minute', input: { value: 1, from: 'gpm', to: 'l/min' }, result: 3.785411784 },
      { title: '100 cfm in m³/h', input: { value: 100, from: 'cfm', to: 'm³/h' }, result: 169.901079552 },
    ],
  }),
  defineConverter({
    measure: 'illuminance',
    slug: 'illuminance-converter',
    title: 'Illuminance converter',
    description: 'Converts illuminance between lux (lx) and foot-candles (fc, ft-cd); 1 fc = 1 lm/ft² = 10.7639104167 lx.',
    keywords: ['illuminance', 'lux', 'foot-candle', 'light level', 'lighting'],
    examples: [
      { title: 'foot-candle to lux', input: { value: 1, from: 'fc', to: 'lx' }, result: 10.7639104167 },
      { title: '500 lux office lighting in foot-candles', input: { value: 500, from: 'lux', to: 'ft-cd' }, result: 46.45152 },
    ],
  }),
  defineConverter({
    measure: 'frequency',
    slug: 'frequency-converter',
    title: 'Frequency converter',
    description: 'Converts frequencies between mHz, Hz, kHz, MHz, GHz, THz, rpm, deg/s and rad/s (angular frequency, 1 Hz = 2π rad/s).',
    keywords: ['frequency', 'hertz', 'rpm', 'khz', 'mhz', 'angular frequency'],
    examples: [
      { title: 'kHz to Hz', input: { value: 1, from: 'kHz', to: 'Hz' }, result: 1000 },
      { title: '3000 rpm is 50 Hz', input: { value: 3000, from: 'rpm', to: 'Hz' }, result: 50 },
      { title: '1 Hz in rad/s', input: { value: 1, from: 'Hz', to: 'rad/s' }, result: 6.28318530718 },
    ],
  }),
  defineConverter({
    measure: 'angle',
    slug: 'angle-converter',
    title: 'Angle converter',
    description: 'Converts plane angles between degrees, radians, milliradians, gradians (gon), arcminutes, arcseconds and turns.',
    keywords: ['angle', 'degrees to radians', 'radians', 'gradians', 'arcseconds', 'turns'],
    allowNegative: true,
    examples: [
      { title: '180 degrees is π radians', input: { value: 180, from: 'deg', to: 'rad' }, result: 3.14159265359 },
      { title: 'a radian in degrees', input: { value: 1, from: 'rad', to: '°' }, result: 57.2957795131 },
      { title: 'a full turn in gradians', input: { value: 1, from: 'turn', to: 'grad' }, result: 400 },
    ],
  }),
];
