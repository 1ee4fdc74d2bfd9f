import type * as Svgo from 'svgo';
import { lazy } from '../../lib/lazy.ts';
import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { fileResultSchema } from '../../files/result.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { booleanField, wholeNumberField } from '../../registry/fields.ts';
import { outputName } from '../web/lib/text.ts';
import { fileNameField, kb } from './lib/images.ts';

const svgo = lazy<typeof Svgo>('svgo');

const MAX_SVG_BYTES = 10 * 1024 * 1024;

export default defineTool({
  module: 'convertors',
  slug: 'compress-svg',
  title: 'Compress SVG',
  description:
    'Minifies an SVG with SVGO (multipass, preset-default): removes editor metadata, comments, hidden elements and redundant attributes, merges paths and ' +
    'rounds coordinates (precision), keeping the viewBox so it still scales. Also makes it safe to embed: <script> elements, on* event handlers and ' +
    'javascript: links are removed. The result and the warnings give the sizes before and after. Upload the SVG in field "image" (up to 10 MB).',
  keywords: ['svg', 'compress svg', 'minify svg', 'optimize svg', 'svgo', 'sanitize svg'],
  input: () =>
    z.object({
      precision: wholeNumberField(0, 8, 'Decimal places kept in coordinates and numbers (default 3)').default(3),
      keepIds: booleanField(false, 'Keep element ids even when unused (for CSS/JS that targets them; default false)'),
      pretty: booleanField(false, 'Indent the output for reading instead of minifying whitespace (default false)'),
      fileName: fileNameField,
    }),
  output: () =>
    fileResultSchema.extend({
      originalBytes: z.number().int().nonnegative().describe('Size of the upload'),
      compressedBytes: z.number().int().nonnegative().describe('Size of the output'),
      savedBytes: z.number().int().describe('originalBytes − compressedBytes'),
      savedPercent: z.number().describe('Saving in percent of the original, 1 decimal'),
      scriptsRemoved: z.boolean().describe('Script elements, event handlers or javascript: links were removed'),
    }),
  response: 'file',
  upload: { field: 'image', aliases: ['file'], accept: ['svg'] },
  conversion: { from: ['svg'], to: 'svg (minified)', engines: [] },
  timeoutMs: 60_000,
  examples: [
    {
      title: 'minify an SVG',
      input: {},
      upload: {
        fileName: 'icon.svg',
        content:
          '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Editor 1.0 -->\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">\n  <metadata>made by hand</metadata>\n  <g>\n    <rect x="10.00000" y="10.00000" width="80.00000" height="80.00000" fill="#ff0000"/>\n  </g>\n</svg>\n',
      },
    },
    {
      title: 'strip a script and keep ids',
      input: { keepIds: true, precision: 1 },
      upload: {
        fileName: 'badge.svg',
        content:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><circle id="dot" cx="5.123" cy="5.456" r="4" onclick="alert(2)"/></svg>',
      },
    },
  ],
  run: async (input, ctx) => {
    const upload = ctx.files.uploads[0];
    if (!upload) throw new ToolError('validation_failed', 'image: is required; upload an SVG file.');
    if (upload.sizeBytes > MAX_SVG_BYTES)
      throw new ToolError('payload_too_large', `image: compress-svg takes SVG files up to ${MAX_SVG_BYTES / 1024 / 1024} MB.`);
    const source = (await ctx.files.read(upload.path)).toString('utf8').replace(/^\uFEFF/, '');
    if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(source)) {
      throw new ToolError(
        'validation_failed',
        'image: SVG files that declare entities (<!ENTITY> / an internal DOCTYPE subset) are refused (entity expansion, XXE).',
      );
    }
    const scripted = /<script[\s>]|\son[a-z]+\s*=|javascript:/i.test(source);
    let data: string;
    try {
      data = svgo().optimize(source, {
        multipass: true,
        floatPrecision: input.precision,
        js2svg: { pretty: input.pretty, indent: 2 },
        plugins: [{ name: 'preset-default', params: { overrides: input.keepIds ? { cleanupIds: false } : {} } }, 'removeScripts'],
      }).data;
    } catch (error) {
      throw new ToolError(
        'validation_failed',
        `image: the SVG could not be parsed (${(error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200)}).`,
      );
    }
    const stored = await ctx.files.putData(data, { fileName: outputName(input.fileName, upload.fileName, 'svg'), mimeType: 'image/svg+xml' });
    const originalBytes = upload.sizeBytes;
    const savedBytes = originalBytes - stored.sizeBytes;
    const savedPercent = Math.round((savedBytes / originalBytes) * 1000) / 10;
    ctx.warn(`Compressed ${kb(originalBytes)} → ${kb(stored.sizeBytes)} (${savedPercent >= 0 ? '−' : '+'}${Math.abs(savedPercent)} %).`);
    if (scripted) ctx.warn('Scripts, event handlers or javascript: links were removed.');
    return { ...stored, originalBytes, compressedBytes: stored.sizeBytes, savedBytes, savedPercent, scriptsRemoved: scripted };
  },
});
