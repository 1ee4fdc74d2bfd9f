import type * as QRCodeModule from 'qrcode';
import { lazy } from '../../lib/lazy.ts';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';

const qrcode = lazy<typeof QRCodeModule>('qrcode');

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const colorField = (description: string, fallback: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR, 'a hex colour: #RGB, #RGBA, #RRGGBB or #RRGGBBAA')
    .default(fallback)
    .describe(`${description} (hex #RGB, #RRGGBB or with alpha; default ${fallback})`);

/** Relative luminance (WCAG 2) of a hex colour, ignoring alpha. */
function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length <= 4) h = [...h].map((c) => c + c).join('');
  const channel = (i: number): number => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export default defineTool({
  module: 'marketing-apis',
  slug: 'qr-code-generator',
  cpu: 'always',
  title: 'QR code generator (SVG and PNG)',
  description:
    'Generates a QR code for a URL or any text as SVG markup and/or a PNG data URI (data:image/png;base64,…), with the ' +
    'error-correction level (L 7%, M 15%, Q 25%, H 30% of the code may be damaged and still scan; use Q or H when ' +
    'printing a logo over it), image size in pixels, quiet-zone margin in modules (the QR standard asks for 4) and ' +
    'dark/light colours as hex. The encoder (the qrcode package) picks the smallest version (1–40) and the best mask; ' +
    'the result reports the version, the module count and the encoding modes. Warns when the colours are inverted or ' +
    'have too little contrast to scan reliably. Up to 2,953 bytes of binary text, 4,296 alphanumeric or 7,089 digits ' +
    'fit at level L; less at higher levels.',
  keywords: ['qr code', 'qr generator', 'qr svg', 'qr png', 'barcode', 'qr code url', 'data uri'],
  input: () =>
    z.object({
      text: z
        .string()
        .min(1, 'must not be empty')
        .max(7089, 'at most 7,089 characters (the QR maximum, for digits only)')
        .describe('The URL or text to encode'),
      format: z.enum(['svg', 'png', 'both']).default('svg').describe('svg (markup), png (data URI) or both; default svg'),
      errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']).default('M').describe('L (7%), M (15%, default), Q (25%) or H (30%) recoverable damage'),
      size: z
        .number()
        .int('a whole number')
        .min(32, 'at least 32')
        .max(4096, 'at most 4096')
        .default(256)
        .describe('Image width and height in pixels (32–4096, default 256)'),
      margin: z
        .number()
        .int('a whole number')
        .min(0, 'at least 0')
        .max(20, 'at most 20')
        .default(4)
        .describe('Quiet zone around the code, in modules (0–20, default 4 as the QR standard asks)'),
      darkColor: colorField('Colour of the dark modules', '#000000'),
      lightColor: colorField('Background colour', '#ffffff'),
    }),
  output: () =>
    z.object({
      format: z.enum(['svg', 'png', 'both']),
      svg: z.string().nullable().describe('SVG markup (null when format is png)'),
      pngDataUri: z.string().nullable().describe('PNG as a data:image/png;base64 URI (null when format is svg)'),
      pixelSize: z.number().int().describe('Width and height of the image in pixels'),
      version: z.number().int().describe('QR version 1–40 (version v has 17 + 4v modules per side)'),
      modules: z.number().int().describe('Modules per side, without the margin'),
      errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']),
      modes: z.array(z.string()).describe('Encoding modes of the data segments (Numeric, Alphanumeric, Byte, Kanji)'),
      contrastRatio: z.number().describe('WCAG contrast ratio between the dark and light colours (1–21)'),
    }),
  examples: [
    {
      title: 'a short URL as SVG',
      input: { text: 'https://example.com', size: 128, margin: 2 },
      output: {
        format: 'svg',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 29 29" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h29v29H0z"/><path stroke="#000000" d="M2 2.5h7m4 0h3m2 0h1m1 0h7M2 3.5h1m5 0h1m3 0h1m2 0h4m1 0h1m5 0h1M2 4.5h1m1 0h3m1 0h1m1 0h2m1 0h1m2 0h1m3 0h1m1 0h3m1 0h1M2 5.5h1m1 0h3m1 0h1m1 0h1m4 0h3m2 0h1m1 0h3m1 0h1M2 6.5h1m1 0h3m1 0h1m1 0h3m2 0h1m2 0h1m1 0h1m1 0h3m1 0h1M2 7.5h1m5 0h1m1 0h1m2 0h1m2 0h2m2 0h1m5 0h1M2 8.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M10 9.5h1m5 0h1m1 0h1M2 10.5h1m1 0h5m5 0h1m5 0h5M3 11.5h1m2 0h2m2 0h1m1 0h2m1 0h1m3 0h1m1 0h1m3 0h1M2 12.5h5m1 0h1m1 0h2m3 0h4m2 0h1m1 0h1m1 0h2M2 13.5h2m1 0h3m2 0h1m1 0h2m1 0h1m1 0h2m1 0h2m4 0h1M3 14.5h3m2 0h1m4 0h2m1 0h2m1 0h2m1 0h1m1 0h3M2 15.5h5m3 0h1m1 0h1m5 0h1m2 0h1m1 0h1m1 0h1M2 16.5h1m5 0h2m2 0h3m2 0h1m2 0h4m1 0h2M2 17.5h1m2 0h1m3 0h1m3 0h1m2 0h7m3 0h1M2 18.5h1m1 0h1m2 0h2m1 0h4m4 0h5m1 0h1M10 19.5h2m2 0h5m3 0h2M2 20.5h7m6 0h2m1 0h1m1 0h1m1 0h1m1 0h3M2 21.5h1m5 0h1m1 0h2m2 0h2m2 0h1m3 0h2m1 0h1M2 22.5h1m1 0h3m1 0h1m1 0h3m1 0h1m1 0h7m1 0h1m1 0h1M2 23.5h1m1 0h3m1 0h1m1 0h1m6 0h1m1 0h2m1 0h5M2 24.5h1m1 0h3m1 0h1m1 0h5m2 0h1m5 0h2m1 0h1M2 25.5h1m5 0h1m4 0h1m2 0h1m1 0h2m1 0h3m2 0h1M2 26.5h7m1 0h2m1 0h1m5 0h8"/></svg>',
        pngDataUri: null,
        pixelSize: 128,
        version: 2,
        modules: 25,
        errorCorrectionLevel: 'M',
        modes: ['Byte'],
        contrastRatio: 21,
      },
    },
    {
      title: 'digits at level H as PNG, brand colours',
      input: { text: '4006381333931', format: 'png', errorCorrectionLevel: 'H', size: 64, margin: 1, darkColor: '#1a237e', lightColor: '#fff' },
      output: {
        format: 'png',
        svg: null,
        pngDataUri:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAAAklEQVR4AewaftIAAAJOSURBVOXBQY7jUAhAwRfkW7Dlnoh7suUcmfYCafTlOJ6kk1lQdbv/YDBhOGG4jb+oOb+pMmhqzqoyaGrOqjJoas5vqgx2wnDCcBsPVAavUHPOVAbvqgxeoeashOGE4TYuUHPOVAbPVAY7NeeZyuAqNedMZXBGGE4YbuNL1JwzlUFTc3aVwacJw218WWVwRM35H4ThhOE2LqgMPkHNaZXBKyqDdwjDCcNtPKDm/C9qzq4yOKLm/BZhOGG42/0HX6TmXFUZfJownDDcxj9Sc3aVwRE1p1UGq8rgiJpzlZpzpjJoas6RymAnDHe7/+AJNadVBjs1p1UGz6g5u8qgqTlXVQZNzWmVQVNzzlQGK2E4YbiNf6TmnFFzWmXwisrgKjXnKjWnVQY7YThhuI0LKoOm5qzUnFYZNDVnpea0yuCImrOrDN5VGTQ1ZyUMJwy38YCa0yqDVWVwRM1plUFTc1ZqzlVqzpHKoKk5u8rgSGWwEoa73X/wBWrOqjK4Ss15V2WwEoYThtv4i5rzmyqDVhlcpebsKoMjlUFTc94hDCcMt/FAZfAKNeeMmnOkMlipOUfUnFYZNDVnVRk0NadVBjthOGG4jQvUnDOVwSdUBkfUnCOVwU7NaWrOGWE4YbiNL1FzdpVBU3OamtMqg5Wa84yas6sMmppzRhhu40sqg52a84yas6sMnlFzVmpOqwyamrMShhOG27igMviEyuCqyqCpOa0yOKPmtMpgJQwnDLfxgJrzaWpOqwyuqgyamrOqDFplcEYYThjudv/BYMJwfwDeaPEI/eEmYgAAAABJRU5ErkJggg==',
        pixelSize: 64,
        version: 1,
        modules: 21,
        errorCorrectionLevel: 'H',
        modes: ['Numeric'],
        contrastRatio: 13.24,
      },
    },
  ],
  run: async ({ text, format, errorCorrectionLevel, size, margin, darkColor, lightColor }, ctx) => {
    let code: QRCodeModule.QRCode;
    try {
      code = qrcode().create(text, { errorCorrectionLevel });
    } catch (error) {
      throw invalidField(
        'text',
        `too long for a QR code at error-correction level ${errorCorrectionLevel} (${(error as Error).message}); shorten it or use level L`,
      );
    }
    const modules = code.modules.size;
    const total = modules + margin * 2;
    const pixelSize = size >= total ? Math.floor(total * (size / total)) : total * 4;
    if (size < total) ctx.warn(`size ${size} is smaller than the ${total} modules of this code with its margin; drawn at ${pixelSize} px (4 px per module)`);
    const lDark = luminance(darkColor);
    const lLight = luminance(lightColor);
    const contrastRatio = Math.round(((Math.max(lDark, lLight) + 0.05) / (Math.min(lDark, lLight) + 0.05)) * 100) / 100;
    if (lDark > lLight) ctx.warn('darkColor is lighter than lightColor: inverted QR codes are not read by many scanners');
    else if (contrastRatio < 4) ctx.warn(`contrast ratio ${contrastRatio}:1 is low; keep it at 4:1 or more (dark on light) for reliable scanning`);
    if (margin < 4) ctx.warn(`margin ${margin} is below the 4-module quiet zone of the QR standard; leave space around the code when placing it`);
    const options = { errorCorrectionLevel, margin, width: size, color: { dark: darkColor, light: lightColor } };
    const svg = format === 'png' ? null : (await qrcode().toString(text, { ...options, type: 'svg' })).trim();
    const pngDataUri = format === 'svg' ? null : await qrcode().toDataURL(text, { ...options, type: 'image/png' });
    return {
      format,
      svg,
      pngDataUri,
      pixelSize,
      version: code.version,
      modules,
      errorCorrectionLevel,
      modes: [...new Set(code.segments.map((s) => s.mode.id))],
      contrastRatio,
    };
  },
});
