import path from 'node:path';
import { z } from 'zod';
import type { ToolContext } from '../../../core/context.ts';
import { ToolError } from '../../../core/errors.ts';
import type { UploadedFile } from '../../../files/result.ts';
import { fileResultSchema } from '../../../files/result.ts';
import { IMAGE_INPUT_KINDS, imageError, imagesOf, type OpenedImage, type Sharp } from '../../../engines/images/index.ts';
import { defineTool, type AnyTool, type EngineNeed, type Tool, type ToolExample, type UploadSpec } from '../../../registry/define-tool.ts';
import { booleanField } from '../../../registry/fields.ts';
import { outputName } from '../../web/lib/text.ts';

/**
 * Image conversions are declared as data (target format, its options, how it encodes); one tool file is
 * one `imageConversionTool` call. Decoding goes through the image engine (sharp/libvips with a pixel
 * limit, HEIC and BMP decoders); EXIF orientation is applied (`rotate()`), metadata stripped unless asked.
 */
export const IMAGE_UPLOAD: UploadSpec = { field: 'image', aliases: ['file'], accept: IMAGE_INPUT_KINDS };

export const fileNameField = z.string().max(200).optional().describe('Name for the output file (without extension); default: the uploaded name');

export type TargetFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'heif' | 'heic' | 'tiff' | 'gif';

export const TARGETS: Record<TargetFormat, { extension: string; mimeType: string; title: string; animated: boolean }> = {
  jpg: { extension: 'jpg', mimeType: 'image/jpeg', title: 'JPEG', animated: false },
  png: { extension: 'png', mimeType: 'image/png', title: 'PNG', animated: false },
  webp: { extension: 'webp', mimeType: 'image/webp', title: 'WebP', animated: true },
  avif: { extension: 'avif', mimeType: 'image/avif', title: 'AVIF', animated: false },
  heif: { extension: 'heif', mimeType: 'image/heif', title: 'HEIF', animated: false },
  heic: { extension: 'heic', mimeType: 'image/heic', title: 'HEIC', animated: false },
  tiff: { extension: 'tiff', mimeType: 'image/tiff', title: 'TIFF', animated: false },
  gif: { extension: 'gif', mimeType: 'image/gif', title: 'GIF', animated: true },
};

/** The result of an image conversion: the stored file (docs/contract.md "Envelopes") and what it became. */
export const imageResultSchema = fileResultSchema.extend({
  width: z.number().int().positive().describe('Width of the output in pixels'),
  height: z.number().int().positive().describe('Height of the output in pixels (of one frame when animated)'),
  format: z.string().describe('Format of the output'),
  inputFormat: z.string().describe('Format the upload was recognised as (from its bytes)'),
  frames: z.number().int().positive().describe('Frames kept (animated GIF/WebP); 1 otherwise'),
});
export type ImageResult = z.output<typeof imageResultSchema>;

export const colourField = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a hex colour such as #ffffff')
  .describe('Hex colour (#rgb or #rrggbb)');

export const keepMetadataField = (defaultValue = false) =>
  booleanField(
    defaultValue,
    'Keep EXIF, ICC profile and XMP metadata (default false: stripped, which also removes GPS location; orientation is always applied to the pixels)',
  );

/** The first upload, opened (pixel limit checked); `animated` reads every frame. */
export async function openUpload(ctx: ToolContext, animated = false): Promise<{ upload: UploadedFile; image: OpenedImage }> {
  const upload = ctx.files.uploads[0];
  if (!upload) throw new ToolError('validation_failed', 'image: is required; upload an image as multipart/form-data.');
  const image = await imagesOf(ctx).open(upload, { animated });
  return { upload, image };
}

/** Auto-orients by EXIF (not for animated images, which libvips cannot rotate frame by frame), keeps metadata if asked. */
export function prepared(image: OpenedImage, keepMetadata: boolean, animated: boolean): Sharp {
  let pipeline = image.pipeline();
  if (!(animated && image.pages > 1)) pipeline = pipeline.rotate();
  if (keepMetadata) pipeline = pipeline.keepMetadata();
  return pipeline;
}

/** Writes `pipeline` to the work dir, encodes HEIC through heif-enc, stores it, and describes it. */
export async function storeImage(
  ctx: ToolContext,
  pipeline: Sharp,
  target: TargetFormat,
  meta: { upload: UploadedFile; image: OpenedImage; fileName: string | undefined; quality?: number; lossless?: boolean },
): Promise<ImageResult> {
  const workDir = await ctx.files.workDir();
  const spec = TARGETS[target];
  const output = path.join(workDir, `output.${spec.extension}`);
  let info: { width: number; height: number; pageHeight?: number; pages?: number };
  try {
    if (target === 'heic') {
      const png = path.join(workDir, 'heic-source.png');
      info = await pipeline.png({ compressionLevel: 1 }).toFile(png);
      await imagesOf(ctx).encodeHeic(png, output, { quality: meta.quality ?? 50, lossless: meta.lossless ?? false, signal: ctx.signal });
    } else {
      info = await pipeline.toFile(output);
    }
  } catch (error) {
    throw imageError('image', error);
  }
  const frames = info.pages && info.pages > 1 ? info.pages : 1;
  const stored = await ctx.files.put(output, { fileName: outputName(meta.fileName, meta.upload.fileName, spec.extension), mimeType: spec.mimeType });
  return {
    ...stored,
    width: info.width,
    height: frames > 1 && info.pageHeight ? info.pageHeight : info.height,
    format: spec.extension,
    inputFormat: meta.upload.kind,
    frames,
  };
}

export function requireHeicEncoder(ctx: ToolContext): void {
  if (!imagesOf(ctx).heicEncoderAvailable()) {
    throw new ToolError(
      'engine_unavailable',
      'HEIC output needs an HEVC encoder, which this server does not have (heif-enc from the Debian package libheif-examples, with x265). Use convertors/to-heif (AV1-coded HEIF) or to-avif instead.',
    );
  }
}

export interface ImageConversionSpec<F extends z.ZodRawShape> {
  slug: string;
  target: TargetFormat;
  title: string;
  description: string;
  keywords: string[];
  /** The options, built with the input schema on first use (docs/writing-tools.md "Schemas"). */
  fields: () => F;
  /** Sets the output format and its options on the prepared pipeline. */
  encode(pipeline: Sharp, input: z.output<z.ZodObject<F>>, image: OpenedImage): Sharp;
  /** Quality/lossless handed to heif-enc (HEIC only). */
  heic?: (input: z.output<z.ZodObject<F>>) => { quality: number; lossless: boolean };
  examples: ToolExample<{ [K in keyof F]?: z.input<F[K]> } & { fileName?: string }, ImageResult>[];
}

type LooseObject = z.ZodObject<z.ZodRawShape>;

export function engineNeeds(target: TargetFormat): EngineNeed[] {
  return target === 'heic' ? ['images', 'hevc'] : ['images'];
}

export function imageConversionTool<F extends z.ZodRawShape>(spec: ImageConversionSpec<F>): AnyTool {
  const target = TARGETS[spec.target];
  const tool: Tool<LooseObject, typeof imageResultSchema> = defineTool<LooseObject, typeof imageResultSchema>({
    module: 'convertors',
    slug: spec.slug,
    title: spec.title,
    description: `${spec.description} Accepts JPEG, PNG, WebP, GIF, TIFF, AVIF, HEIC/HEIF, BMP and SVG (recognised by their bytes) up to 100 megapixels; upload it as multipart/form-data in field "image". The result links to the ${target.title} file (or use ?delivery=binary, deprecated).`,
    keywords: spec.keywords,
    input: () => z.object({ ...spec.fields(), fileName: fileNameField }) as unknown as LooseObject,
    output: () => imageResultSchema,
    response: 'file',
    upload: IMAGE_UPLOAD,
    conversion: { from: IMAGE_INPUT_KINDS, to: target.extension, engines: engineNeeds(spec.target) },
    timeoutMs: 90_000,
    examples: spec.examples as ToolExample<z.input<LooseObject>, ImageResult>[],
    run: async (values, ctx) => {
      if (spec.target === 'heic') requireHeicEncoder(ctx);
      const fields = values as z.output<z.ZodObject<F>> & { fileName?: string; keepMetadata?: boolean };
      const { upload, image } = await openUpload(ctx, target.animated);
      const pipeline = spec.encode(prepared(image, fields.keepMetadata ?? false, target.animated), fields, image);
      if (target.animated === false && image.pages > 1 && (upload.kind === 'gif' || upload.kind === 'webp' || upload.kind === 'tiff')) {
        ctx.warn(`The ${upload.kind.toUpperCase()} has ${image.pages} frames/pages; ${target.title} keeps the first.`);
      }
      return storeImage(ctx, pipeline, spec.target, { upload, image, fileName: fields.fileName, ...(spec.heic ? spec.heic(fields) : {}) });
    },
  });
  return tool as AnyTool;
}

export function copyInto(ctx: ToolContext, source: string, name: string): Promise<string> {
  return ctx.files.copy(source, name);
}

export function kb(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
