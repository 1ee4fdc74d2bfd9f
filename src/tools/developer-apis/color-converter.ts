import type { Color, Rgb } from 'culori';
import type * as Culori from 'culori';
import { lazy } from '../../lib/lazy.ts';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';

const culori = lazy<typeof Culori>('culori');

/** culori's functions and the converters made from them, built on first use (lib/lazy.ts). */
const colours = (() => {
  const build = () => {
    const c = culori();
    const names = Object.keys(c.colorsNamed);
    return {
      ...c,
      NAMES: names,
      toRgb: c.converter('rgb'),
      toHsl: c.converter('hsl'),
      toHwb: c.converter('hwb'),
      toOklch: c.converter('oklch'),
      toLab: c.converter('lab'),
      clampToSrgb: c.toGamut('rgb', 'oklch'),
      nearestName: c.nearest(names, c.differenceCiede2000()),
    };
  };
  let built: ReturnType<typeof build> | undefined;
  return () => (built ??= build());
})();

const round = (value: number | undefined, places: number): number => {
  const f = 10 ** places;
  const r = Math.round((value ?? 0) * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

function parseColor(field: string, text: string): Color {
  let color: Color | undefined;
  try {
    color = colours().parse(text.trim());
  } catch {
    color = undefined; // culori's tokenizer throws on some malformed input (e.g. "/0A")
  }
  if (!color) {
    throw invalidField(
      field,
      `'${text.slice(0, 60)}' is not a CSS colour: use hex (#ff8000, #f80, #ff800080), rgb(255 128 0), hsl(30 100% 50%), hwb(), lab(), lch(), oklch(0.75 0.18 55) or a name such as rebeccapurple`,
    );
  }
  return clampRgbFunction(text.trim(), color);
}

/**
 * CSS Color 4 §5.1: in rgb() and rgba(), channel values outside 0–255 (0%–100%) are clamped at parsed time,
 * so rgb(300 -5 20) is rgb(255 0 20), not a wide-gamut colour to gamut-map. color(srgb …) is not clamped.
 */
function clampRgbFunction(text: string, color: Color): Color {
  if (color.mode !== 'rgb' || !/^rgba?\(/i.test(text)) return color;
  const clamp = (v: number | undefined): number | undefined => (v === undefined ? v : Math.min(1, Math.max(0, v)));
  const rgb: Rgb = { ...color, r: clamp(color.r) as number, g: clamp(color.g) as number, b: clamp(color.b) as number };
  for (const channel of ['r', 'g', 'b'] as const) if (color[channel] === undefined) delete rgb[channel];
  return rgb;
}

interface Contrast {
  ratio: number;
  aaNormal: boolean;
  aaLarge: boolean;
  aaaNormal: boolean;
  aaaLarge: boolean;
}

function contrastOf(a: Color | string, b: Color | string): Contrast {
  const ratio = colours().wcagContrast(a, b);
  return { ratio: round(ratio, 2), aaNormal: ratio >= 4.5, aaLarge: ratio >= 3, aaaNormal: ratio >= 7, aaaLarge: ratio >= 4.5 };
}

const contrastSchema = z.object({
  ratio: z.number().describe('WCAG 2 contrast ratio (1–21), 2 decimals; pass flags use the unrounded value'),
  aaNormal: z.boolean().describe('≥ 4.5: AA for normal text'),
  aaLarge: z.boolean().describe('≥ 3: AA for large text and UI components'),
  aaaNormal: z.boolean().describe('≥ 7: AAA for normal text'),
  aaaLarge: z.boolean().describe('≥ 4.5: AAA for large text'),
});

export default defineTool({
  module: 'developer-apis',
  slug: 'color-converter',
  title: 'Color converter & contrast checker',
  description:
    'Converts any CSS colour — hex (3/4/6/8 digits), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or one of the 148 named colours — to hex, RGB, HSL, HWB, OKLCH, CIELAB and naive CMYK, with ready-to-paste CSS strings. ' +
    'Gives the exact or nearest CSS colour name (CIEDE2000), the relative luminance and the WCAG 2 contrast ratio against white, black and an optional second colour with AA/AAA pass flags. ' +
    'rgb()/rgba() channels outside 0–255 are clamped as CSS Color 4 §5.1 says; colours outside sRGB (wide-gamut oklch/lab, color(srgb …) beyond 0–1) are mapped into sRGB for the sRGB formats, with a warning.',
  keywords: ['color converter', 'colour', 'hex to rgb', 'rgb to hex', 'hsl', 'oklch', 'contrast ratio', 'wcag', 'accessibility', 'css color'],
  input: () =>
    z.object({
      color: z
        .string()
        .min(1, 'must not be empty')
        .max(100, 'at most 100 characters')
        .describe('Any CSS colour, e.g. #ff8000, rgb(255 128 0), hsl(30 100% 50%), oklch(0.7 0.15 50), coral'),
      contrastWith: z.string().max(100).optional().describe('A second colour (e.g. a background) to compute the WCAG contrast ratio against'),
    }),
  output: () =>
    z.object({
      input: z.string(),
      hex: z.string().describe('#rrggbb'),
      hex8: z.string().describe('#rrggbbaa'),
      alpha: z.number().describe('Opacity 0–1'),
      rgb: z.object({ r: z.number(), g: z.number(), b: z.number() }).describe('0–255'),
      hsl: z.object({ h: z.number(), s: z.number(), l: z.number() }).describe('h in degrees, s and l in %'),
      hwb: z.object({ h: z.number(), w: z.number(), b: z.number() }).describe('h in degrees, w and b in %'),
      oklch: z.object({ l: z.number(), c: z.number(), h: z.number() }).describe('l 0–1, chroma, h in degrees'),
      lab: z.object({ l: z.number(), a: z.number(), b: z.number() }).describe('CIELAB (D50) as in CSS lab()'),
      cmyk: z.object({ c: z.number(), m: z.number(), y: z.number(), k: z.number() }).describe('Naive device CMYK in % (no ICC profile)'),
      css: z.object({ hex: z.string(), rgb: z.string(), hsl: z.string(), hwb: z.string(), oklch: z.string() }).describe('CSS Color 4 strings'),
      name: z.string().nullable().describe('The CSS colour name when it matches exactly'),
      nearestName: z.string().describe('Closest CSS named colour (CIEDE2000)'),
      inSrgbGamut: z.boolean(),
      luminance: z.number().describe('WCAG relative luminance 0–1'),
      contrast: z.object({ white: contrastSchema, black: contrastSchema, against: contrastSchema.extend({ color: z.string() }).nullable() }),
    }),
  examples: [
    {
      title: 'hex to every format, contrast with a dark background',
      input: { color: '#ff8000', contrastWith: '#1e1e1e' },
      output: {
        input: '#ff8000',
        hex: '#ff8000',
        hex8: '#ff8000ff',
        alpha: 1,
        rgb: { r: 255, g: 128, b: 0 },
        hsl: { h: 30.12, s: 100, l: 50 },
        hwb: { h: 30.12, w: 0, b: 0 },
        oklch: { l: 0.7319, c: 0.1858, h: 52.98 },
        lab: { l: 67.82, a: 45.49, b: 74.84 },
        cmyk: { c: 0, m: 49.8, y: 100, k: 0 },
        css: { hex: '#ff8000', rgb: 'rgb(255 128 0)', hsl: 'hsl(30.12 100% 50%)', hwb: 'hwb(30.12 0% 0%)', oklch: 'oklch(73.19% 0.1858 52.98)' },
        name: null,
        nearestName: 'darkorange',
        inSrgbGamut: true,
        luminance: 0.367,
        contrast: {
          white: { ratio: 2.52, aaNormal: false, aaLarge: false, aaaNormal: false, aaaLarge: false },
          black: { ratio: 8.34, aaNormal: true, aaLarge: true, aaaNormal: true, aaaLarge: true },
          against: { color: '#1e1e1e', ratio: 6.62, aaNormal: true, aaLarge: true, aaaNormal: false, aaaLarge: true },
        },
      },
    },
    {
      title: 'named colour with transparency',
      input: { color: 'rgb(102 51 153 / 50%)' },
      output: {
        input: 'rgb(102 51 153 / 50%)',
        hex: '#663399',
        hex8: '#66339980',
        alpha: 0.5,
        rgb: { r: 102, g: 51, b: 153 },
        hsl: { h: 270, s: 50, l: 40 },
        hwb: { h: 270, w: 20, b: 40 },
        oklch: { l: 0.4403, c: 0.1603, h: 303.37 },
        lab: { l: 32.39, a: 38.42, b: -47.69 },
        cmyk: { c: 33.33, m: 66.67, y: 0, k: 40 },
        css: {
          hex: '#66339980',
          rgb: 'rgb(102 51 153 / 0.5)',
          hsl: 'hsl(270 50% 40% / 0.5)',
          hwb: 'hwb(270 20% 40% / 0.5)',
          oklch: 'oklch(44.03% 0.1603 303.37 / 0.5)',
        },
        name: 'rebeccapurple',
        nearestName: 'rebeccapurple',
        inSrgbGamut: true,
        luminance: 0.0749,
        contrast: {
          white: { ratio: 8.41, aaNormal: true, aaLarge: true, aaaNormal: true, aaaLarge: true },
          black: { ratio: 2.5, aaNormal: false, aaLarge: false, aaaNormal: false, aaaLarge: false },
          against: null,
        },
      },
    },
  ],
  run: ({ color, contrastWith }, ctx) => {
    const parsed = parseColor('color', color);
    const alpha = parsed.alpha ?? 1;
    const inSrgbGamut = colours().displayable(parsed);
    if (!inSrgbGamut) ctx.warn('The colour is outside the sRGB gamut; hex, RGB, HSL, HWB and CMYK show the nearest sRGB colour (chroma reduced in OKLCH).');
    const srgb = colours().toRgb(inSrgbGamut ? parsed : colours().clampToSrgb(parsed)) as Rgb;
    const clamp = (v: number | undefined): number => Math.min(1, Math.max(0, v ?? 0)); // a `none` channel is 0 (CSS Color 4 §4.4)
    const r8 = Math.round(clamp(srgb.r) * 255);
    const g8 = Math.round(clamp(srgb.g) * 255);
    const b8 = Math.round(clamp(srgb.b) * 255);
    const solid: Rgb = { mode: 'rgb', r: r8 / 255, g: g8 / 255, b: b8 / 255 };
    const hex = colours().formatHex(solid);
    const hex8 = `${hex}${Math.round(alpha * 255)
      .toString(16)
      .padStart(2, '0')}`;
    const hsl = colours().toHsl(solid);
    const hwb = colours().toHwb(solid);
    const ok = colours().toOklch(parsed);
    const lab = colours().toLab(parsed);
    const k = 1 - Math.max(solid.r, solid.g, solid.b);
    const cmyk =
      k >= 1
        ? { c: 0, m: 0, y: 0, k: 100 }
        : {
            c: round(((1 - solid.r - k) / (1 - k)) * 100, 2),
            m: round(((1 - solid.g - k) / (1 - k)) * 100, 2),
            y: round(((1 - solid.b - k) / (1 - k)) * 100, 2),
            k: round(k * 100, 2),
          };
    const a = alpha < 1 ? ` / ${round(alpha, 3)}` : '';
    const H = { h: round(hsl.h, 2), s: round((hsl.s ?? 0) * 100, 2), l: round(hsl.l * 100, 2) };
    const W = { h: round(hwb.h, 2), w: round(hwb.w * 100, 2), b: round(hwb.b * 100, 2) };
    const O = { l: round(ok.l, 4), c: round(ok.c, 4), h: round(ok.h, 2) };
    const exact = colours().NAMES.find((n) => (colours().colorsNamed as Record<string, number>)[n] === parseInt(hex.slice(1), 16));
    if (alpha < 1) ctx.warn('Contrast ratios ignore transparency: they compare the opaque colour.');
    let against: (Contrast & { color: string }) | null = null;
    if (contrastWith !== undefined) {
      const other = parseColor('contrastWith', contrastWith);
      against = { color: contrastWith.trim(), ...contrastOf(solid, other) };
    }
    return {
      input: color,
      hex,
      hex8,
      alpha: round(alpha, 3),
      rgb: { r: r8, g: g8, b: b8 },
      hsl: H,
      hwb: W,
      oklch: O,
      lab: { l: round(lab.l, 2), a: round(lab.a, 2), b: round(lab.b, 2) },
      cmyk,
      css: {
        hex: alpha < 1 ? hex8 : hex,
        rgb: `rgb(${r8} ${g8} ${b8}${a})`,
        hsl: `hsl(${H.h} ${H.s}% ${H.l}%${a})`,
        hwb: `hwb(${W.h} ${W.w}% ${W.b}%${a})`,
        oklch: `oklch(${round(O.l * 100, 2)}% ${O.c} ${O.h}${a})`,
      },
      name: exact ?? null,
      nearestName: colours().nearestName(solid, 1)[0] ?? exact ?? 'black',
      inSrgbGamut,
      luminance: round(colours().wcagLuminance(solid), 4),
      contrast: { white: contrastOf(solid, '#ffffff'), black: contrastOf(solid, '#000000'), against },
    };
  },
});
