import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type sharpModule from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { ToolError } from '../../core/errors.ts';
import type { FileKind } from '../../files/kinds.ts';
import { commandExists, ProcessFailed, runProcess } from '../process/runner.ts';

/**
 * Images through sharp (libvips, prebuilt in the @img/* packages), plus the two formats its prebuilt
 * libvips cannot read or write: HEIC input is decoded with libheif compiled to WebAssembly (`heic-decode`),
 * HEIC output is encoded by `heif-enc` (Debian `libheif-examples`, HEVC via x265) when it is installed.
 *
 * Every decode is bounded: the header is read first and an image over MAX_INPUT_PIXELS (a decompression
 * bomb) is a 400 naming the field before any pixel is decoded; libvips enforces the same limit itself.
 * sharp is loaded on first use, so a machine without its native binary starts and answers 501 for images.
 */
export type SharpConstructor = typeof sharpModule;
export type { Metadata, Sharp };

/** 100 megapixels: a 12 000 × 8 000 photo passes, a 50 000 × 50 000 bomb does not. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Per sharp pipeline (decode + operations + encode). */
const PIPELINE_SECONDS = 60;

/** The image formats this engine decodes, by the kind the upload's bytes showed. */
export const IMAGE_INPUT_KINDS = ['jpg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heic', 'bmp', 'svg'] as const satisfies readonly FileKind[];
export type ImageInputKind = (typeof IMAGE_INPUT_KINDS)[number];

export interface ImageSource {
  path: string;
  kind: FileKind;
  fileName: string;
}

export interface OpenedImage {
  /** A fresh pipeline on the decoded input (call again for another). */
  pipeline(): Sharp;
  /** What the header says, before decoding (format is sharp's name: jpeg, png, webp, gif, tiff, heif, svg; `heic`/`bmp` for the others). */
  format: string;
  width: number;
  height: number;
  /** Frames of an animated GIF/WebP or pages of a TIFF; 1 otherwise. */
  pages: number;
  hasAlpha: boolean;
  /** EXIF orientation (1–8) when present. */
  orientation?: number;
  /** sharp's metadata of the source (of the decoded pixels for HEIC and BMP). */
  metadata: Metadata;
  sizeBytes: number;
}

export interface OpenOptions {
  /** Read every frame of an animated GIF/WebP (for outputs that keep animation). */
  animated?: boolean;
  /** The input field named in errors (default `image`). */
  field?: string;
}

export interface HeicEncodeOptions {
  quality: number;
  lossless: boolean;
  signal?: AbortSignal;
}

export interface ImageEngine {
  /** sharp and its native libvips load on this machine. */
  available(): boolean;
  /** An HEVC encoder (heif-enc with x265) is installed: HEIC output works. */
  heicEncoderAvailable(): boolean;
  /** The sharp constructor, configured (no cache, pixel limit); throws `engine_unavailable` when it does not load. */
  sharp(): SharpConstructor;
  /** Opens an uploaded image: checks its size in pixels from the header, then gives pipelines on it. */
  open(source: ImageSource, options?: OpenOptions): Promise<OpenedImage>;
  /** Encodes a PNG file as HEIC with heif-enc. */
  encodeHeic(pngPath: string, outputPath: string, options: HeicEncodeOptions): Promise<void>;
}

const require = createRequire(import.meta.url);

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
interface HeicDecode {
  all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
}
interface BmpDecoded {
  width: number;
  height: number;
  bitPP: number;
  data: Buffer;
}
interface BmpModule {
  decode(data: Buffer, options?: { toRGBA?: boolean }): BmpDecoded;
}

export function createImageEngine(): ImageEngine {
  let loaded: SharpConstructor | undefined;
  let loadError: string | undefined;
  let heic: boolean | undefined;

  const load = (): SharpConstructor | undefined => {
    if (loaded || loadError) return loaded;
    try {
      const sharp = require('sharp') as SharpConstructor;
      // No operation cache: scratch files are deleted after each call, and memory stays bounded.
      sharp.cache(false);
      loaded = sharp;
    } catch (error) {
      loadError = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
    return loaded;
  };

  const sharp = (): SharpConstructor => {
    const s = load();
    if (!s) throw new ToolError('engine_unavailable', `image processing (sharp/libvips) is not available on this server: ${loadError ?? 'not loaded'}.`);
    return s;
  };

  return {
    available: () => load() !== undefined,
    heicEncoderAvailable: () => {
      if (heic === undefined) {
        const probe = spawnSync('heif-enc', ['--list-encoders'], { encoding: 'utf8', timeout: 5000 });
        heic = probe.status === 0 && /HEIC encoders:\s*\n\s*-\s*\S+/.test(probe.stdout ?? '');
      }
      return heic;
    },
    sharp,
    open: (source, options = {}) => openImage(sharp(), source, options),
    encodeHeic: (pngPath, outputPath, options) => runHeifEnc(pngPath, outputPath, options),
  };
}

/** The process-wide image engine (sharp keeps its own thread pool). */
/** The image engine of this call (`ctx.engines.images`), or 501 where the service runs without one. */
export function imagesOf(ctx: { engines: { images?: ImageEngine } }): ImageEngine {
  const engine = ctx.engines.images;
  if (!engine) throw new ToolError('engine_unavailable', 'image processing is not configured in this process.');
  return engine;
}

function pixelLimitError(field: string, width: number, height: number, pages: number): ToolError {
  const mp = (width * height * pages) / 1_000_000;
  const frames = pages > 1 ? ` × ${pages} frames` : '';
  return new ToolError(
    'validation_failed',
    `${field}: ${width} × ${height} pixels${frames} (${mp.toLocaleString('en', { maximumFractionDigits: 1 })} MP) exceeds the ${MAX_INPUT_PIXELS / 1_000_000} MP limit for images; scale it down first.`,
  );
}

function undecodable(field: string, kind: string, error: unknown): ToolError {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';
  return new ToolError(
    'validation_failed',
    `${field}: the ${kind.toUpperCase()} image could not be decoded (${reason}); is the file complete and not corrupt?`,
  );
}

/** Maps a sharp failure while processing an upload to a 400 naming the field (never a 500). */
export function imageError(field: string, error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new ToolError('validation_failed', `${field}: the image exceeds the ${MAX_INPUT_PIXELS / 1_000_000} MP limit; scale it down first.`);
  if (/timeout/i.test(message)) return new ToolError('timeout', `${field}: processing the image took longer than ${PIPELINE_SECONDS} s.`);
  return new ToolError('validation_failed', `${field}: the image could not be processed (${message.split('\n')[0]?.slice(0, 200)}).`);
}

async function openImage(sharp: SharpConstructor, source: ImageSource, options: OpenOptions): Promise<OpenedImage> {
  const field = options.field ?? 'image';
  if (source.kind === 'heic') return openHeic(sharp, source, field);
  if (source.kind === 'bmp') return openBmp(sharp, source, field);
  let input: string | Buffer = source.path;
  if (source.kind === 'svg') {
    const svg = await readFile(source.path);
    const text = svg.toString('utf8');
    // librsvg never reads local files or URLs for an in-memory SVG; entity tricks are refused outright.
    if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(text)) {
      throw new ToolError(
        'validation_failed',
        `${field}: SVG files that declare entities (<!ENTITY> / an internal DOCTYPE subset) are refused (entity expansion, XXE).`,
      );
    }
    input = svg;
  }
  const base: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', ...(options.animated ? { animated: true } : {}) };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...base, limitInputPixels: false }).metadata();
  } catch (error) {
    throw undecodable(field, source.kind, error);
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight && options.animated ? metadata.pageHeight : (metadata.height ?? 0);
  const pages = options.animated ? (metadata.pages ?? 1) : 1;
  if (!width || !height) throw new ToolError('validation_failed', `${field}: the image has no dimensions; is it complete?`);
  if (width * height * pages > MAX_INPUT_PIXELS) throw pixelLimitError(field, width, height, pages);
  const size = typeof input === 'string' ? undefined : input.length;
  return {
    pipeline: () => sharp(input, base).timeout({ seconds: PIPELINE_SECONDS }),
    format: metadata.format,
    width,
    height,
    pages: metadata.pages ?? 1,
    hasAlpha: metadata.hasAlpha ?? false,
    ...(metadata.orientation ? { orientation: metadata.orientation } : {}),
    metadata,
    sizeBytes: size ?? metadata.size ?? 0,
  };
}

async function fromRaw(
  sharp: SharpConstructor,
  data: Buffer,
  width: number,
  height: number,
  format: string,
  sizeBytes: number,
  dropAlpha: boolean,
): Promise<OpenedImage> {
  const pipeline = (): Sharp => {
    const p = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: PIPELINE_SECONDS });
    return dropAlpha ? p.removeAlpha() : p;
  };
  const metadata = await pipeline().metadata();
  return { pipeline, format, width, height, pages: 1, hasAlpha: !dropAlpha, metadata, sizeBytes };
}

async function openHeic(sharp: SharpConstructor, source: ImageSource, field: string): Promise<OpenedImage> {
  const buffer = await readFile(source.path);
  const decoder = require('heic-decode') as HeicDecode;
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await decoder.all({ buffer });
  } catch (error) {
    throw undecodable(field, 'heic', error);
  }
  try {
    const primary = images[0];
    if (!primary) throw new ToolError('validation_failed', `${field}: the HEIC file holds no image.`);
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw pixelLimitError(field, primary.width, primary.height, 1);
    let decoded: { width: number; height: number; data: Uint8ClampedArray };
    try {
      decoded = await primary.decode();
    } catch (error) {
      throw undecodable(field, 'heic', error);
    }
    const data = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    return await fromRaw(sharp, data, decoded.width, decoded.height, 'heic', buffer.length, false);
  } finally {
    images.dispose();
  }
}

async function openBmp(sharp: SharpConstructor, source: ImageSource, field: string): Promise<OpenedImage> {
  const buffer = await readFile(source.path);
  // BITMAPINFOHEADER: width and height (negative = top-down) at 18 and 22; checked before decoding.
  if (buffer.length < 26) throw new ToolError('validation_failed', `${field}: the BMP file is truncated.`);
  const headerSize = buffer.readUInt32LE(14);
  const width = headerSize === 12 ? buffer.readUInt16LE(18) : buffer.readInt32LE(18);
  const height = Math.abs(headerSize === 12 ? buffer.readUInt16LE(20) : buffer.readInt32LE(22));
  if (width <= 0 || height <= 0) throw new ToolError('validation_failed', `${field}: the BMP header gives no valid dimensions.`);
  if (width * height > MAX_INPUT_PIXELS) throw pixelLimitError(field, width, height, 1);
  const bmp = require('bmp-ts') as BmpModule;
  let decoded: BmpDecoded;
  try {
    decoded = bmp.decode(buffer, { toRGBA: true });
  } catch (error) {
    throw undecodable(field, 'bmp', error);
  }
  if (decoded.data.length < decoded.width * decoded.height * 4) throw new ToolError('validation_failed', `${field}: the BMP pixel data is truncated.`);
  // Only 32-bit BMPs may carry alpha, and many leave it all zero (unused).
  let alpha = false;
  if (decoded.bitPP === 32) {
    for (let i = 3; i < decoded.data.length; i += 4) {
      if (decoded.data[i] !== 0) {
        alpha = true;
        break;
      }
    }
  }
  return fromRaw(sharp, decoded.data, decoded.width, decoded.height, 'bmp', buffer.length, !alpha);
}

async function runHeifEnc(pngPath: string, outputPath: string, options: HeicEncodeOptions): Promise<void> {
  const quality = Math.max(0, Math.min(100, Math.round(options.quality)));
  const args = options.lossless ? ['-L', '-p', 'chroma=444', '-o', outputPath, pngPath] : ['-q', String(quality), '-o', outputPath, pngPath];
  if (!commandExists('heif-enc')) throw new ToolError('engine_unavailable', 'heif-enc (Debian package libheif-examples) is not installed on this server.');
  try {
    await runProcess('heif-enc', args, {
      cwd: path.dirname(outputPath),
      env: { LANG: 'C.UTF-8' },
      signal: options.signal,
      timeoutMs: PIPELINE_SECONDS * 1000,
      label: 'image: HEIC encoding',
    });
  } catch (error) {
    if (error instanceof ProcessFailed) throw new ToolError('unprocessable', `image: HEIC encoding failed (${error.firstLine().slice(0, 200)}).`);
    throw error;
  }
}
