/**
 * Every unit the converters know, with its factor and the definition it comes from. One row:
 * `[symbol, singular name, plural name, system, factor, offset?]`: a value in the unit is
 * `(value − offset) × factor` in the measure's first unit of factor 1 (its base). A factor is a decimal or
 * an exact ratio `numerator/denominator`, `PI` and `TWO_PI` standing for π and 2π; conversions multiply
 * first and divide once, so a result that is a terminating decimal comes out exactly.
 * Comments name each block's source; "NIST SP 811" is NIST Special Publication 811 (2008), the "SI Brochure"
 * the BIPM's, 9th edition (2019). Names and symbols are those callers already use (they come from the
 * convert-units package this table replaced).
 */

export type UnitRow = readonly [symbol: string, singular: string, plural: string, system: string, factor: string, offset?: string];

export const UNIT_TABLE = {
  length: [
    // the metre and its SI prefixes (SI Brochure, 9th ed., 2019, table 7)
    ['nm', 'Nanometer', 'Nanometers', 'metric', '1e-9'],
    ['μm', 'Micrometer', 'Micrometers', 'metric', '0.000001'],
    ['mm', 'Millimeter', 'Millimeters', 'metric', '0.001'],
    ['cm', 'Centimeter', 'Centimeters', 'metric', '0.01'],
    ['dm', 'Decimeter', 'Decimeters', 'metric', '0.1'],
    ['m', 'Meter', 'Meters', 'metric', '1'],
    ['km', 'Kilometer', 'Kilometers', 'metric', '1000'],
    // international yard = 0.9144 m exactly (1959 international yard and pound agreement; NIST SP 811, B.8): inch = yd/36, foot = yd/3, fathom = 2
    // yd, mile = 1760 yd, mil = in/1000; US survey foot = 1200/3937 m (NIST SP 811, B.6); nautical mile = 1852 m (SI Brochure, table 8)
    ['mil', 'Mil', 'Mils', 'imperial', '0.0000254'],
    ['in', 'Inch', 'Inches', 'imperial', '0.0254'],
    ['yd', 'Yard', 'Yards', 'imperial', '0.9144'],
    ['ft-us', 'US Survey Foot', 'US Survey Feet', 'imperial', '1200/3937'],
    ['ft', 'Foot', 'Feet', 'imperial', '0.3048'],
    ['fathom', 'Fathom', 'Fathoms', 'imperial', '1.8288'],
    ['mi', 'Mile', 'Miles', 'imperial', '1609.344'],
    ['nMi', 'Nautical Mile', 'Nautical Miles', 'imperial', '1852'],
  ],
  area: [
    // squares of the metric lengths; are = 100 m², hectare = 10⁴ m² (NIST SP 811, B.8)
    ['nm2', 'Square Nanometer', 'Square Nanometers', 'metric', '1e-18'],
    ['μm2', 'Square Micrometer', 'Square Micrometers', 'metric', '1e-12'],
    ['mm2', 'Square Millimeter', 'Square Millimeters', 'metric', '0.000001'],
    ['cm2', 'Square Centimeter', 'Square Centimeters', 'metric', '0.0001'],
    ['dm2', 'Square Decimeter', 'Square Decimeters', 'metric', '0.01'],
    ['m2', 'Square Meter', 'Square Meters', 'metric', '1'],
    ['a', 'Are', 'Ares', 'metric', '100'],
    ['ha', 'Hectare', 'Hectares', 'metric', '10000'],
    ['km2', 'Square Kilometer', 'Square Kilometers', 'metric', '1000000'],
    // squares of the international inch, foot, yard and mile; acre = 4840 yd² = 4046.8564224 m² (NIST SP 811, B.8)
    ['in2', 'Square Inch', 'Square Inches', 'imperial', '0.00064516'],
    ['yd2', 'Square Yard', 'Square Yards', 'imperial', '0.83612736'],
    ['ft2', 'Square Foot', 'Square Feet', 'imperial', '0.09290304'],
    ['ac', 'Acre', 'Acres', 'imperial', '4046.8564224'],
    ['mi2', 'Square Mile', 'Square Miles', 'imperial', '2589988.110336'],
  ],
  mass: [
    // the gram and its SI prefixes (SI Brochure, table 7); tonne = 1000 kg (SI Brochure, table 8)
    ['mcg', 'Microgram', 'Micrograms', 'metric', '0.000001'],
    ['mg', 'Milligram', 'Milligrams', 'metric', '0.001'],
    ['g', 'Gram', 'Grams', 'metric', '1'],
    ['kg', 'Kilogram', 'Kilograms', 'metric', '1000'],
    ['t', 'Tonne', 'Tonnes', 'metric', '1000000'],
    // avoirdupois pound = 0.45359237 kg exactly (1959 agreement; NIST SP 811, B.8): ounce = lb/16, stone = 14 lb, short ton = 2000 lb, long ton =
    // 2240 lb, grain = lb/7000
    ['oz', 'Ounce', 'Ounces', 'imperial', '28.349523125'],
    ['lb', 'Pound', 'Pounds', 'imperial', '453.59237'],
    ['st', 'Stone', 'Stones', 'imperial', '6350.29318'],
    ['ton-us', 'Short ton (US, 2000 lb)', 'Short tons (US)', 'imperial', '907184.74'],
    ['long-ton', 'Long ton (UK, 2240 lb)', 'Long tons (UK)', 'imperial', '1016046.9088'],
    ['gr', 'Grain', 'Grains', 'imperial', '0.06479891'],
  ],
  volume: [
    // litre = 1 dm³ (SI Brochure, table 8) and its prefixes; the Swedish kitchen measures (krm 1 ml, tsk 5 ml, msk 15 ml, kaffekopp 150 ml, glas 200
    // ml) and the old Swedish kanna (2.617 l)
    ['mm3', 'Cubic Millimeter', 'Cubic Millimeters', 'metric', '0.000001'],
    ['cm3', 'Cubic Centimeter', 'Cubic Centimeters', 'metric', '0.001'],
    ['dm3', 'Cubic Decimeter', 'Cubic Decimeters', 'metric', '1'],
    ['ml', 'Millilitre', 'Millilitres', 'metric', '0.001'],
    ['cl', 'Centilitre', 'Centilitres', 'metric', '0.01'],
    ['dl', 'Decilitre', 'Decilitres', 'metric', '0.1'],
    ['l', 'Litre', 'Litres', 'metric', '1'],
    ['kl', 'Kilolitre', 'Kilolitres', 'metric', '1000'],
    ['Ml', 'Megalitre', 'Megalitres', 'metric', '1000000'],
    ['Gl', 'Gigalitre', 'Gigalitres', 'metric', '1000000000'],
    ['m3', 'Cubic meter', 'Cubic meters', 'metric', '1000'],
    ['km3', 'Cubic kilometer', 'Cubic kilometers', 'metric', '1000000000000'],
    ['krm', 'Kryddmått', 'Kryddmått', 'metric', '0.001'],
    ['tsk', 'Tesked', 'Teskedar', 'metric', '0.005'],
    ['msk', 'Matsked', 'Matskedar', 'metric', '0.015'],
    ['kkp', 'Kaffekopp', 'Kaffekoppar', 'metric', '0.15'],
    ['glas', 'Glas', 'Glas', 'metric', '0.2'],
    ['kanna', 'Kanna', 'Kannor', 'metric', '2.617'],
    // US customary: gallon = 231 in³ = 3.785411784 l exactly (NIST SP 811, B.8): quart = gal/4, pint = gal/8, cup = gal/16, fluid ounce = gal/128,
    // tablespoon = fl oz/2, teaspoon = fl oz/6; cubic inch/foot/yard from the international inch (0.0254 m)
    ['tsp', 'Teaspoon', 'Teaspoons', 'imperial', '0.00492892159375'],
    ['Tbs', 'Tablespoon', 'Tablespoons', 'imperial', '0.01478676478125'],
    ['in3', 'Cubic inch', 'Cubic inches', 'imperial', '0.016387064'],
    ['fl-oz', 'Fluid Ounce', 'Fluid Ounces', 'imperial', '0.0295735295625'],
    ['cup', 'Cup', 'Cups', 'imperial', '0.2365882365'],
    ['pnt', 'Pint', 'Pints', 'imperial', '0.473176473'],
    ['qt', 'Quart', 'Quarts', 'imperial', '0.946352946'],
    ['gal', 'Gallon', 'Gallons', 'imperial', '3.785411784'],
    ['ft3', 'Cubic foot', 'Cubic feet', 'imperial', '28.316846592'],
    ['yd3', 'Cubic yard', 'Cubic yards', 'imperial', '764.554857984'],
    // British imperial: gallon = 4.54609 l exactly (UK Weights and Measures Act 1985, schedule 1): quart = gal/4, pint = gal/8, fluid ounce = gal/160
    ['gal-imp', 'Imperial gallon (UK)', 'Imperial gallons (UK)', 'uk', '4.54609'],
    ['qt-imp', 'Imperial quart (UK)', 'Imperial quarts (UK)', 'uk', '1.1365225'],
    ['pnt-imp', 'Imperial pint (UK)', 'Imperial pints (UK)', 'uk', '0.56826125'],
    ['fl-oz-imp', 'Imperial fluid ounce (UK)', 'Imperial fluid ounces (UK)', 'uk', '0.0284130625'],
  ],
  each: [
    // counting words by their definition: couple 2, trio 3, half dozen 6, dozen 12, baker's dozen 13, score 20, long hundred and small gross 120,
    // gross and dozen dozen 144, ream 500, great gross 1728
    ['ea', 'Each', 'Each', 'metric', '1'],
    ['dz', 'Dozen', 'Dozens', 'metric', '12'],
    ['bk-doz', 'Bakers Dozen', 'Bakers Dozen', 'metric', '13'],
    ['cp', 'Couple', 'Couples', 'metric', '2'],
    ['doz-doz', 'Dozen Dozen', 'Dozen Dozen', 'metric', '144'],
    ['gr-gr', 'Great Gross', 'Great Gross', 'metric', '1728'],
    ['gros', 'Gross', 'Gross', 'metric', '144'],
    ['half-dozen', 'Half Dozen', 'Half Dozen', 'metric', '6'],
    ['long-hundred', 'Long Hundred', 'Long Hundred', 'metric', '120'],
    ['ream', 'Reams', 'Reams', 'metric', '500'],
    ['scores', 'Scores', 'Scores', 'metric', '20'],
    ['sm-gr', 'Small Gross', 'Small Gross', 'metric', '120'],
    ['trio', 'Trio', 'Trio', 'metric', '3'],
  ],
  temperature: [
    // value in °C = (value − offset) × factor: t/°C = T/K − 273.15 (SI Brochure, 2.3.1)
    ['C', 'degree Celsius', 'degrees Celsius', 'metric', '1'],
    ['K', 'Kelvin', 'Kelvins', 'metric', '1', '273.15'],
    // t/°C = (t/°F − 32) × 5/9 and T/°R = t/°F + 459.67 (NIST SP 811, 4.2.1.1 and B.8)
    ['F', 'degree Fahrenheit', 'degrees Fahrenheit', 'imperial', '5/9', '32'],
    ['R', 'degree Rankine', 'degrees Rankine', 'imperial', '5/9', '491.67'],
  ],
  time: [
    // the second and its SI prefixes; minute, hour, day (SI Brochure, table 8); week = 7 d; year = Julian year = 365.25 d (IAU); month = year/12
    ['ns', 'Nanosecond', 'Nanoseconds', 'SI', '1e-9'],
    ['mu', 'Microsecond', 'Microseconds', 'SI', '0.000001'],
    ['ms', 'Millisecond', 'Milliseconds', 'SI', '0.001'],
    ['s', 'Second', 'Seconds', 'SI', '1'],
    ['min', 'Minute', 'Minutes', 'SI', '60'],
    ['h', 'Hour', 'Hours', 'SI', '3600'],
    ['d', 'Day', 'Days', 'SI', '86400'],
    ['week', 'Week', 'Weeks', 'SI', '604800'],
    ['month', 'Month', 'Months', 'SI', '2629800'],
    ['year', 'Year', 'Years', 'SI', '31557600'],
  ],
  digital: [
    // the bit with SI prefixes (powers of 1000)
    ['bit', 'Bit', 'Bits', 'bit', '1'],
    ['kb', 'Kilobit', 'Kilobits', 'bit', '1000'],
    ['Mb', 'Megabit', 'Megabits', 'bit', '1000000'],
    ['Gb', 'Gigabit', 'Gigabits', 'bit', '1000000000'],
    ['Tb', 'Terabit', 'Terabits', 'bit', '1000000000000'],
    ['Pb', 'Petabit', 'Petabits', 'bit', '1000000000000000'],
    // byte = 8 bits (IEC 80000-13:2008) with SI prefixes
    ['byte', 'Byte', 'Bytes', 'byte', '8'],
    ['kB', 'Kilobyte', 'Kilobytes', 'byte', '8000'],
    ['MB', 'Megabyte', 'Megabytes', 'byte', '8000000'],
    ['GB', 'Gigabyte', 'Gigabytes', 'byte', '8000000000'],
    ['TB', 'Terabyte', 'Terabytes', 'byte', '8000000000000'],
    ['PB', 'Petabyte', 'Petabytes', 'byte', '8000000000000000'],
    // binary prefixes kibi = 2¹⁰, mebi = 2²⁰, … pebi = 2⁵⁰ (IEC 80000-13:2008)
    ['Kib', 'Kibibit', 'Kibibits', 'IECBit', '1024'],
    ['Mib', 'Mebibit', 'Mebibits', 'IECBit', '1048576'],
    ['Gib', 'Gibibit', 'Gibibits', 'IECBit', '1073741824'],
    ['Tib', 'Tebibit', 'Tebibits', 'IECBit', '1099511627776'],
    ['Pib', 'Pebibit', 'Pebibits', 'IECBit', '1125899906842624'],
    // binary prefixes on the byte (IEC 80000-13:2008)
    ['KiB', 'Kibibyte', 'Kibibytes', 'IECByte', '8192'],
    ['MiB', 'Mebibyte', 'Mebibytes', 'IECByte', '8388608'],
    ['GiB', 'Gibibyte', 'Gibibytes', 'IECByte', '8589934592'],
    ['TiB', 'Tebibyte', 'Tebibytes', 'IECByte', '8796093022208'],
    ['PiB', 'Pebibyte', 'Pebibytes', 'IECByte', '9007199254740992'],
  ],
  partsPer: [
    // parts per million = 10⁻⁶; ppb, ppt, ppq = 10⁻⁹, 10⁻¹², 10⁻¹⁵; percent = 10⁻², per mille = 10⁻³ (ISO 80000-1)
    ['ppm', 'Part-per Million', 'Parts-per Million', 'SI', '1'],
    ['ppb', 'Part-per Billion', 'Parts-per Billion', 'SI', '0.001'],
    ['ppt', 'Part-per Trillion', 'Parts-per Trillion', 'SI', '0.000001'],
    ['ppq', 'Part-per Quadrillion', 'Parts-per Quadrillion', 'SI', '1e-9'],
    ['%', 'Percent', 'Percent', 'SI', '10000'],
    ['‰', 'Per mille', 'Per mille', 'SI', '1000'],
  ],
  speed: [
    // km/h = 1000 m / 3600 s; m/s = 3.6 km/h; mm/h
    ['m/s', 'Metre per second', 'Metres per second', 'metric', '3.6'],
    ['km/h', 'Kilometre per hour', 'Kilometres per hour', 'metric', '1'],
    ['mm/h', 'Millimeter per hour', 'Millimeters per hour', 'metric', '0.000001'],
    // from the international mile, foot and inch (1959 agreement); knot = 1852 m/h (SI Brochure, table 8)
    ['mph', 'Mile per hour', 'Miles per hour', 'imperial', '1.609344'],
    ['knot', 'Knot', 'Knots', 'imperial', '1.852'],
    ['ft/s', 'Foot per second', 'Feet per second', 'imperial', '1.09728'],
    ['ft/min', 'Foot per minute', 'Feet per minute', 'imperial', '0.018288'],
    ['in/h', 'Inch per hour', 'Inches per hour', 'imperial', '0.0000254'],
  ],
  pace: [
    // time per distance: min/km = 60 s / 1000 m, s/km = 1 s / 1000 m
    ['min/km', 'Minute per kilometre', 'Minutes per kilometre', 'metric', '0.06'],
    ['s/m', 'Second per metre', 'Seconds per metre', 'metric', '1'],
    ['s/km', 'Second per kilometre', 'Seconds per kilometre', 'metric', '0.001'],
    // from the international foot (0.3048 m) and mile (1609.344 m)
    ['min/mi', 'Minute per mile', 'Minutes per mile', 'imperial', '60/1609.344'],
    ['s/ft', 'Second per foot', 'Seconds per foot', 'imperial', '1/0.3048'],
    ['s/mi', 'Second per mile', 'Seconds per mile', 'imperial', '1/1609.344'],
  ],
  pressure: [
    // kPa and its SI multiples; bar = 100 kPa, standard atmosphere = 101.325 kPa, torr = atm/760, conventional millimetre of mercury = 0.133322387415
    // kPa, conventional metre of water = 9.80665 kPa, kgf/cm² = 98.0665 kPa (NIST SP 811, B.8)
    ['Pa', 'pascal', 'pascals', 'metric', '0.001'],
    ['kPa', 'kilopascal', 'kilopascals', 'metric', '1'],
    ['MPa', 'megapascal', 'megapascals', 'metric', '1000'],
    ['hPa', 'hectopascal', 'hectopascals', 'metric', '0.1'],
    ['mbar', 'millibar', 'millibar', 'metric', '0.1'],
    ['bar', 'bar', 'bar', 'metric', '100'],
    ['torr', 'torr', 'torr', 'metric', '101.325/760'],
    ['mH2O', 'meter of water @ 4°C', 'meters of water @ 4°C', 'metric', '9.80665'],
    ['mmHg', 'millimeter of mercury', 'millimeters of mercury', 'metric', '0.133322387415'],
    ['atm', 'Standard atmosphere', 'Standard atmospheres', 'metric', '101.325'],
    ['kgf/cm2', 'Kilogram-force per square centimetre', 'Kilograms-force per square centimetre', 'metric', '98.0665'],
    // psi = lbf/in² with lbf = 0.45359237 kg × 9.80665 m/s² = 4.4482216152605 N and in² = 0.00064516 m²; ksi = 1000 psi; conventional inch of mercury
    // = 3.38638864034 kPa (NIST SP 811, B.8)
    ['psi', 'pound per square inch', 'pounds per square inch', 'imperial', '4.4482216152605/0.64516'],
    ['ksi', 'kilopound per square inch', 'kilopound per square inch', 'imperial', '4448.2216152605/0.64516'],
    ['inHg', 'Inch of mercury', 'Inches of mercury', 'imperial', '3.38638864034'],
  ],
  current: [
    // the ampere and its SI prefixes (SI Brochure, table 7)
    ['A', 'Ampere', 'Amperes', 'SI', '1'],
    ['μA', 'Microampere', 'Microamperes', 'SI', '0.000001'],
    ['mA', 'Milliampere', 'Milliamperes', 'SI', '0.001'],
    ['kA', 'Kiloampere', 'Kiloamperes', 'SI', '1000'],
    ['MA', 'Megaampere', 'Megaamperes', 'SI', '1000000'],
  ],
  voltage: [
    // the volt and its SI prefixes (SI Brochure, table 7)
    ['V', 'Volt', 'Volts', 'SI', '1'],
    ['μV', 'Microvolt', 'Microvolts', 'SI', '0.000001'],
    ['mV', 'Millivolt', 'Millivolts', 'SI', '0.001'],
    ['kV', 'Kilovolt', 'Kilovolts', 'SI', '1000'],
    ['MV', 'Megavolt', 'Megavolts', 'SI', '1000000'],
  ],
  power: [
    // the watt and its SI prefixes; metric horsepower = 75 kgf·m/s = 735.49875 W (NIST SP 811, B.8)
    ['W', 'Watt', 'Watts', 'metric', '1'],
    ['mW', 'Milliwatt', 'Milliwatts', 'metric', '0.001'],
    ['kW', 'Kilowatt', 'Kilowatts', 'metric', '1000'],
    ['MW', 'Megawatt', 'Megawatts', 'metric', '1000000'],
    ['GW', 'Gigawatt', 'Gigawatts', 'metric', '1000000000'],
    ['PS', 'Horsepower (metric)', 'Horsepower (metric)', 'metric', '735.49875'],
    // foot-pound-force per second = 1.3558179483314004 W, horsepower = 550 ft·lbf/s, IT Btu = 1055.05585262 J (NIST SP 811, B.8)
    ['Btu/s', 'British thermal unit per second', 'British thermal units per second', 'imperial', '1055.05585262'],
    ['ft-lb/s', 'Foot-pound per second', 'Foot-pounds per second', 'imperial', '1.3558179483314004'],
    ['hp', 'Horsepower (British)', 'Horsepower (British)', 'imperial', '745.69987158227022'],
    ['Btu/h', 'British thermal unit per hour', 'British thermal units per hour', 'imperial', '1055.05585262/3600'],
  ],
  reactivePower: [
    // the var and its SI prefixes (IEC 60050-131)
    ['VAR', 'Volt-Ampere Reactive', 'Volt-Amperes Reactive', 'SI', '1'],
    ['mVAR', 'Millivolt-Ampere Reactive', 'Millivolt-Amperes Reactive', 'SI', '0.001'],
    ['kVAR', 'Kilovolt-Ampere Reactive', 'Kilovolt-Amperes Reactive', 'SI', '1000'],
    ['MVAR', 'Megavolt-Ampere Reactive', 'Megavolt-Amperes Reactive', 'SI', '1000000'],
    ['GVAR', 'Gigavolt-Ampere Reactive', 'Gigavolt-Amperes Reactive', 'SI', '1000000000'],
  ],
  apparentPower: [
    // the volt-ampere and its SI prefixes (IEC 60050-131)
    ['VA', 'Volt-Ampere', 'Volt-Amperes', 'SI', '1'],
    ['mVA', 'Millivolt-Ampere', 'Millivolt-Amperes', 'SI', '0.001'],
    ['kVA', 'Kilovolt-Ampere', 'Kilovolt-Amperes', 'SI', '1000'],
    ['MVA', 'Megavolt-Ampere', 'Megavolt-Amperes', 'SI', '1000000'],
    ['GVA', 'Gigavolt-Ampere', 'Gigavolt-Amperes', 'SI', '1000000000'],
  ],
  energy: [
    // the joule, the watt-second, -minute and -hour with SI prefixes; electronvolt = 1.602176634e-19 J exactly (SI Brochure, table 8); IT Btu =
    // 1055.05585262 J, foot-pound-force = 1.3558179483314004 J, erg = 10⁻⁷ J (NIST SP 811, B.8)
    ['Ws', 'Watt-second', 'Watt-seconds', 'SI', '1'],
    ['Wm', 'Watt-minute', 'Watt-minutes', 'SI', '60'],
    ['Wh', 'Watt-hour', 'Watt-hours', 'SI', '3600'],
    ['mWh', 'Milliwatt-hour', 'Milliwatt-hours', 'SI', '3.6'],
    ['kWh', 'Kilowatt-hour', 'Kilowatt-hours', 'SI', '3600000'],
    ['MWh', 'Megawatt-hour', 'Megawatt-hours', 'SI', '3600000000'],
    ['GWh', 'Gigawatt-hour', 'Gigawatt-hours', 'SI', '3600000000000'],
    ['J', 'Joule', 'Joules', 'SI', '1'],
    ['kJ', 'Kilojoule', 'Kilojoules', 'SI', '1000'],
    ['MJ', 'Megajoule', 'Megajoules', 'SI', '1000000'],
    ['GJ', 'Gigajoule', 'Gigajoules', 'SI', '1000000000'],
    ['eV', 'Electronvolt', 'Electronvolts', 'SI', '1.602176634e-19'],
    ['Btu', 'British thermal unit', 'British thermal units', 'SI', '1055.05585262'],
    ['ft-lb', 'Foot-pound', 'Foot-pounds', 'SI', '1.3558179483314004'],
    ['erg', 'Erg', 'Ergs', 'SI', '1e-7'],
    // thermochemical calorie = 4.184 J exactly (NIST SP 811, B.8); kilocalorie (food Calorie) = 4184 J
    ['cal', 'calorie', 'calories', 'nutrition', '4.184'],
    ['kcal', 'Kilocalorie', 'Kilocalories', 'nutrition', '4184'],
  ],
  reactiveEnergy: [
    // the var-hour and its SI prefixes (IEC 60050-131)
    ['VARh', 'Volt-Ampere Reactive Hour', 'Volt-Amperes Reactive Hour', 'SI', '1'],
    ['mVARh', 'Millivolt-Ampere Reactive Hour', 'Millivolt-Amperes Reactive Hour', 'SI', '0.001'],
    ['kVARh', 'Kilovolt-Ampere Reactive Hour', 'Kilovolt-Amperes Reactive Hour', 'SI', '1000'],
    ['MVARh', 'Megavolt-Ampere Reactive Hour', 'Megavolt-Amperes Reactive Hour', 'SI', '1000000'],
    ['GVARh', 'Gigavolt-Ampere Reactive Hour', 'Gigavolt-Amperes Reactive Hour', 'SI', '1000000000'],
  ],
  volumeFlowRate: [
    // the metric volumes above per second, minute, hour, day and Julian year (365.25 d)
    ['mm3/s', 'Cubic Millimeter per second', 'Cubic Millimeters per second', 'metric', '0.000001'],
    ['cm3/s', 'Cubic Centimeter per second', 'Cubic Centimeters per second', 'metric', '0.001'],
    ['dm3/s', 'Cubic Decimeter per second', 'Cubic Decimeters per second', 'metric', '1'],
    ['dm3/min', 'Cubic Decimeter per minute', 'Cubic Decimeters per minute', 'metric', '1/60'],
    ['dm3/h', 'Cubic Decimeter per hour', 'Cubic Decimeters per hour', 'metric', '1/3600'],
    ['dm3/d', 'Cubic Decimeter per day', 'Cubic Decimeters per day', 'metric', '1/86400'],
    ['dm3/a', 'Cubic Decimeter per year', 'Cubic Decimeters per year', 'metric', '1/31557600'],
    ['ml/s', 'Millilitre per second', 'Millilitres per second', 'metric', '0.001'],
    ['cl/s', 'Centilitre per second', 'Centilitres per second', 'metric', '0.01'],
    ['dl/s', 'Decilitre per second', 'Decilitres per second', 'metric', '0.1'],
    ['l/s', 'Litre per second', 'Litres per second', 'metric', '1'],
    ['l/min', 'Litre per minute', 'Litres per minute', 'metric', '1/60'],
    ['l/h', 'Litre per hour', 'Litres per hour', 'metric', '1/3600'],
    ['l/d', 'Litre per day', 'Litres per day', 'metric', '1/86400'],
    ['l/a', 'Litre per year', 'Litres per year', 'metric', '1/31557600'],
    ['kl/s', 'Kilolitre per second', 'Kilolitres per second', 'metric', '1000'],
    ['kl/min', 'Kilolitre per minute', 'Kilolitres per minute', 'metric', '1000/60'],
    ['kl/h', 'Kilolitre per hour', 'Kilolitres per hour', 'metric', '1000/3600'],
    ['m3/s', 'Cubic meter per second', 'Cubic meters per second', 'metric', '1000'],
    ['m3/min', 'Cubic meter per minute', 'Cubic meters per minute', 'metric', '1000/60'],
    ['m3/h', 'Cubic meter per hour', 'Cubic meters per hour', 'metric', '1000/3600'],
    ['m3/d', 'Cubic meter per day', 'Cubic meters per day', 'metric', '1000/86400'],
    ['m3/a', 'Cubic meter per year', 'Cubic meters per year', 'metric', '1000/31557600'],
    ['km3/s', 'Cubic kilometer per second', 'Cubic kilometers per second', 'metric', '1000000000000'],
    // the US customary volumes above per second, minute and hour
    ['tsp/s', 'Teaspoon per second', 'Teaspoons per second', 'imperial', '0.00492892159375'],
    ['Tbs/s', 'Tablespoon per second', 'Tablespoons per second', 'imperial', '0.01478676478125'],
    ['in3/s', 'Cubic inch per second', 'Cubic inches per second', 'imperial', '0.016387064'],
    ['in3/min', 'Cubic inch per minute', 'Cubic inches per minute', 'imperial', '0.016387064/60'],
    ['in3/h', 'Cubic inch per hour', 'Cubic inches per hour', 'imperial', '0.016387064/3600'],
    ['fl-oz/s', 'Fluid Ounce per second', 'Fluid Ounces per second', 'imperial', '0.0295735295625'],
    ['fl-oz/min', 'Fluid Ounce per minute', 'Fluid Ounces per minute', 'imperial', '0.000492892159375'],
    ['fl-oz/h', 'Fluid Ounce per hour', 'Fluid Ounces per hour', 'imperial', '0.0295735295625/3600'],
    ['cup/s', 'Cup per second', 'Cups per second', 'imperial', '0.2365882365'],
    ['pnt/s', 'Pint per second', 'Pints per second', 'imperial', '0.473176473'],
    ['pnt/min', 'Pint per minute', 'Pints per minute', 'imperial', '0.00788627455'],
    ['pnt/h', 'Pint per hour', 'Pints per hour', 'imperial', '0.473176473/3600'],
    ['qt/s', 'Quart per second', 'Quarts per second', 'imperial', '0.946352946'],
    ['gal/s', 'Gallon per second', 'Gallons per second', 'imperial', '3.785411784'],
    ['gal/min', 'Gallon per minute', 'Gallons per minute', 'imperial', '0.0630901964'],
    ['gal/h', 'Gallon per hour', 'Gallons per hour', 'imperial', '3.785411784/3600'],
    ['ft3/s', 'Cubic foot per second', 'Cubic feet per second', 'imperial', '28.316846592'],
    ['ft3/min', 'Cubic foot per minute', 'Cubic feet per minute', 'imperial', '0.4719474432'],
    ['ft3/h', 'Cubic foot per hour', 'Cubic feet per hour', 'imperial', '0.00786579072'],
    ['yd3/s', 'Cubic yard per second', 'Cubic yards per second', 'imperial', '764.554857984'],
    ['yd3/min', 'Cubic yard per minute', 'Cubic yards per minute', 'imperial', '12.7425809664'],
    ['yd3/h', 'Cubic yard per hour', 'Cubic yards per hour', 'imperial', '0.21237634944'],
  ],
  illuminance: [
    // the lux (lm/m²)
    ['lx', 'Lux', 'Lux', 'metric', '1'],
    // foot-candle = lm/ft² = 1/0.09290304 lx
    ['ft-cd', 'Foot-candle', 'Foot-candles', 'imperial', '1/0.09290304'],
  ],
  frequency: [
    // the hertz and its SI prefixes; a rotation per minute = 1/60 Hz, a degree per second = 1/360 Hz, a radian per second = 1/(2π) Hz
    ['mHz', 'millihertz', 'millihertz', 'SI', '0.001'],
    ['Hz', 'hertz', 'hertz', 'SI', '1'],
    ['kHz', 'kilohertz', 'kilohertz', 'SI', '1000'],
    ['MHz', 'megahertz', 'megahertz', 'SI', '1000000'],
    ['GHz', 'gigahertz', 'gigahertz', 'SI', '1000000000'],
    ['THz', 'terahertz', 'terahertz', 'SI', '1000000000000'],
    ['rpm', 'rotation per minute', 'rotations per minute', 'SI', '1/60'],
    ['deg/s', 'degree per second', 'degrees per second', 'SI', '1/360'],
    ['rad/s', 'radian per second', 'radians per second', 'SI', '1/TWO_PI'],
  ],
  angle: [
    // degree = π/180 rad (SI Brochure, table 8); gradian = 0.9°, arcminute = 1/60°, arcsecond = 1/3600°, milliradian = 0.18/π °, turn = 360°
    ['rad', 'radian', 'radians', 'SI', '180/PI'],
    ['deg', 'degree', 'degrees', 'SI', '1'],
    ['grad', 'gradian', 'gradians', 'SI', '0.9'],
    ['arcmin', 'arcminute', 'arcminutes', 'SI', '1/60'],
    ['arcsec', 'arcsecond', 'arcseconds', 'SI', '1/3600'],
    ['mrad', 'Milliradian', 'Milliradians', 'SI', '0.18/PI'],
    ['turn', 'Turn', 'Turns', 'SI', '360'],
  ],
} satisfies Record<string, readonly UnitRow[]>;
