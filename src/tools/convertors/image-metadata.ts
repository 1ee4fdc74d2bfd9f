import type Exifr from 'exifr';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { FILE_KINDS } from '../../files/kinds.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { IMAGE_INPUT_KINDS, imagesOf, MAX_INPUT_PIXELS, type ImageEngine } from '../../engines/images/index.ts';
import { lazy } from '../../lib/lazy.ts';
import { round } from '../../lib/digits.ts';

const exifr = lazy<typeof Exifr>('exifr');

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const exifValue = z.union([scalar, z.array(z.union([z.string(), z.number()]))]);

export default defineTool({
  module: 'convertors',
  slug: 'image-metadata',
  title: 'Read image metadata',
  description:
    "Reads an image's metadata without decoding its pixels and returns it as JSON (the body itself, no envelope): format, dimensions (stored and as displayed after " +
    'EXIF orientation), colour space, channels, bit depth, DPI, alpha, ICC profile, progressive, frames; camera, date taken and GPS location; and every EXIF tag ' +
    '(with exifr). Handles JPEG, PNG, WebP, GIF, TIFF, AVIF, HEIC, BMP and SVG. Useful to check an image before publishing it (does it leak a location?). ' +
    'Upload the image in field "image".',
  keywords: ['exif', 'image metadata', 'gps', 'image info', 'dimensions', 'camera', 'exif viewer', 'photo location'],
  input: () => z.object({}),
  output: () =>
    z.object({
      fileName: z.string().describe('The uploaded name'),
      sizeBytes: z.number().int().describe('File size'),
      format: z.string().describe('Format recognised from the bytes: jpg, png, webp, gif, tiff, avif, heic, bmp, svg'),
      mimeType: z.string(),
      width: z.number().int().describe('Stored width in pixels'),
      height: z.number().int().describe('Stored height in pixels (of one frame when animated)'),
      orientation: z.number().int().nullable().describe('EXIF orientation 1–8 (null when absent); 5–8 mean the image displays rotated by 90°'),
      displayWidth: z.number().int().describe('Width as displayed, after EXIF orientation'),
      displayHeight: z.number().int().describe('Height as displayed, after EXIF orientation'),
      megapixels: z.number().describe('width × height / 1,000,000, 2 decimals'),
      aspectRatio: z.string().describe('Displayed width:height reduced, e.g. 4:3'),
      colorSpace: z.string().nullable().describe('Colour space as libvips names it: srgb, cmyk, b-w (grayscale), rgb16…'),
      channels: z.number().int().nullable().describe('3 (RGB), 4 (RGBA / CMYK), 1 (gray), 2 (gray + alpha)'),
      bitDepth: z.string().nullable().describe('Sample format: uchar (8-bit), ushort (16-bit), float…'),
      density: z.number().nullable().describe('Resolution in DPI, when stored'),
      hasAlpha: z.boolean(),
      hasIccProfile: z.boolean(),
      isProgressive: z.boolean().describe('Progressive JPEG / interlaced PNG or GIF'),
      pages: z.number().int().describe('Frames (animated GIF/WebP) or pages (TIFF)'),
      animated: z.boolean(),
      decodable: z.boolean().describe(`False when the image exceeds the ${MAX_INPUT_PIXELS / 1_000_000} MP limit the conversion tools decode`),
      camera: z
        .object({ make: z.string().nullable(), model: z.string().nullable(), lens: z.string().nullable() })
        .nullable()
        .describe('From EXIF, when present'),
      dateTaken: z.string().nullable().describe('EXIF DateTimeOriginal as YYYY-MM-DDTHH:mm:ss (camera local time, no zone)'),
      gps: z
        .object({ latitude: z.number(), longitude: z.number(), altitude: z.number().nullable() })
        .nullable()
        .describe('Location from EXIF GPS, decimal degrees (WGS 84); null when absent'),
      exif: z
        .record(z.string(), exifValue)
        .describe('All EXIF/TIFF/GPS tags read (exifr), values translated to words where EXIF defines them; binary tags left out'),
    }),
  response: 'bare-json',
  upload: { field: 'image', aliases: ['file'], accept: IMAGE_INPUT_KINDS },
  timeoutMs: 30_000,
  examples: [
    { title: 'a phone photo', input: {}, upload: { fileName: 'IMG_2041.jpg' } },
    { title: 'a PNG', input: {}, upload: { fileName: 'diagram.png' } },
    {
      title: 'an SVG',
      input: {},
      upload: {
        fileName: 'badge.svg',
        content: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0a0"/></svg>',
      },
      output: {
        fileName: 'badge.svg',
        sizeBytes: 113,
        format: 'svg',
        mimeType: 'image/svg+xml',
        width: 120,
        height: 40,
        orientation: null,
        displayWidth: 120,
        displayHeight: 40,
        megapixels: 0,
        aspectRatio: '3:1',
        colorSpace: 'srgb',
        channels: 4,
        bitDepth: 'uchar',
        density: 72,
        hasAlpha: true,
        hasIccProfile: false,
        isProgressive: false,
        pages: 1,
        animated: false,
        decodable: true,
        camera: null,
        dateTaken: null,
        gps: null,
        exif: {},
      },
    },
  ],
  run: async (_input, ctx) => {
    const upload = ctx.files.uploads[0];
    if (!upload) throw new ToolError('validation_failed', 'image: is required; upload an image as multipart/form-data.');
    const header = await readHeader(imagesOf(ctx), upload.path, upload.kind);
    const exif = await readExif(await ctx.files.read(upload.path), upload.kind);
    const rotated = (header.orientation ?? 1) >= 5;
    const displayWidth = rotated ? header.height : header.width;
    const displayHeight = rotated ? header.width : header.height;
    const make = stringOrNull(exif.Make);
    const model = stringOrNull(exif.Model);
    const lens = stringOrNull(exif.LensModel);
    const latitude = typeof exif.latitude === 'number' ? exif.latitude : undefined;
    const longitude = typeof exif.longitude === 'number' ? exif.longitude : undefined;
    const tags = Object.fromEntries(
      Object.entries(exif)
        .filter(([key]) => key !== 'latitude' && key !== 'longitude')
        .map(([key, value]) => [key, jsonable(value)] as const)
        .filter((entry): entry is [string, z.infer<typeof exifValue>] => entry[1] !== undefined),
    );
    return {
      fileName: upload.fileName,
      sizeBytes: upload.sizeBytes,
      format: upload.kind,
      mimeType: FILE_KINDS[upload.kind].mimeType,
      width: header.width,
      height: header.height,
      orientation: header.orientation ?? null,
      displayWidth,
      displayHeight,
      megapixels: Math.round((header.width * header.height) / 10_000) / 100,
      aspectRatio: ratio(displayWidth, displayHeight),
      colorSpace: header.space ?? null,
      channels: header.channels ?? null,
      bitDepth: header.depth ?? null,
      density: header.density ?? null,
      hasAlpha: header.hasAlpha,
      hasIccProfile: header.hasProfile,
      isProgressive: header.isProgressive,
      pages: header.pages,
      animated: header.pages > 1 && (upload.kind === 'gif' || upload.kind === 'webp'),
      decodable: header.width * header.height <= MAX_INPUT_PIXELS,
      camera: make || model || lens ? { make, model, lens } : null,
      dateTaken: exifDate(exif.DateTimeOriginal ?? exif.CreateDate ?? exif.DateTime),
      gps:
        latitude !== undefined && longitude !== undefined
          ? { latitude: round(latitude, 7), longitude: round(longitude, 7), altitude: typeof exif.GPSAltitude === 'number' ? exif.GPSAltitude : null }
          : null,
      exif: tags,
    };
  },
});

interface Header {
  width: number;
  height: number;
  orientation?: number;
  space?: string;
  channels?: number;
  depth?: string;
  density?: number;
  hasAlpha: boolean;
  hasProfile: boolean;
  isProgressive: boolean;
  pages: number;
}

/** The header only: no pixels are decoded, so even an image over the pixel limit can be described. */
async function readHeader(images: ImageEngine, filePath: string, kind: string): Promise<Header> {
  if (kind === 'heic' || kind === 'bmp') {
    const image = await images.open({ path: filePath, kind: kind as 'heic', fileName: '' }).catch((error: unknown) => {
      if (error instanceof ToolError && /exceeds the/.test(error.detail)) return undefined;
      throw error;
    });
    if (image) {
      const m = image.metadata;
      return {
        width: image.width,
        height: image.height,
        space: m.space,
        channels: m.channels,
        depth: m.depth,
        hasAlpha: image.hasAlpha,
        hasProfile: false,
        isProgressive: false,
        pages: 1,
      };
    }
    throw new ToolError('validation_failed', 'image: the image is larger than the pixel limit and its format cannot be described without decoding it.');
  }
  const sharp = images.sharp();
  let m;
  try {
    m = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ToolError(
      'validation_failed',
      `image: the ${kind.toUpperCase()} header could not be read (${(error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200)}).`,
    );
  }
  const pages = m.pages ?? 1;
  return {
    width: m.width ?? 0,
    height: pages > 1 && m.pageHeight ? m.pageHeight : (m.height ?? 0),
    ...(m.orientation ? { orientation: m.orientation } : {}),
    ...(m.space ? { space: m.space } : {}),
    ...(m.channels ? { channels: m.channels } : {}),
    ...(m.depth ? { depth: m.depth } : {}),
    ...(m.density ? { density: m.density } : {}),
    hasAlpha: m.hasAlpha ?? false,
    hasProfile: m.hasProfile ?? false,
    isProgressive: m.isProgressive ?? false,
    pages,
  };
}

type ExifRecord = Record<string, unknown>;

async function readExif(bytes: Buffer, kind: string): Promise<ExifRecord> {
  if (kind === 'svg' || kind === 'gif' || kind === 'bmp') return {};
  try {
    const parsed = (await exifr().parse(bytes, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      interop: false,
      makerNote: false,
      userComment: false,
      xmp: false,
      icc: false,
      iptc: false,
      translateValues: true,
      reviveValues: false,
      sanitize: true,
      mergeOutput: true,
    })) as ExifRecord | undefined;
    return parsed ?? {};
  } catch {
    // No or unreadable EXIF is not an error: the image is still described.
    return {};
  }
}

function jsonable(value: unknown): z.infer<typeof exifValue> | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return typeof value === 'string' ? value.replace(/\0+$/, '').trim() : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' || typeof v === 'string'))
    return value.length <= 64 ? (value as (string | number)[]) : undefined;
  return undefined; // binary blobs (Uint8Array) and nested structures are left out
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.replace(/\0+$/, '').trim() : null;
}

/** "2024:05:06 07:08:09" → "2024-05-06T07:08:09". */
function exifDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}` : null;
}

function ratio(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(width, height) || 1;
  return `${width / d}:${height / d}`;
}
