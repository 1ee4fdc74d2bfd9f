import { z } from 'zod';
import { ToolError } from '../../core/errors.ts';
import { FILE_KINDS } from '../../files/kinds.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { IMAGE_INPUT_KINDS } from '../../engines/images/index.ts';

const MAX_BYTES = 10 * 1024 * 1024;

export default defineTool({
  module: 'convertors',
  slug: 'to-base64',
  title: 'Image to Base64',
  description:
    'Encodes an image file as Base64 and returns it as plain text (text/plain, no envelope): bare Base64 by default, or a data URI ' +
    "(data:image/png;base64,…) ready for HTML <img src>, CSS url() or JSON, with the media type taken from the file's bytes (not its name). " +
    'The bytes are not re-encoded. Images up to 10 MB; upload the image in field "image".',
  keywords: ['base64', 'data uri', 'image to base64', 'encode image', 'embed image', 'inline image'],
  input: () =>
    z.object({
      format: z
        .enum(['base64', 'dataUri'])
        .default('base64')
        .describe('base64 (default): the bare Base64 text; dataUri: prefixed with data:<media type>;base64,'),
    }),
  output: () => z.string().describe('The Base64 text (or data URI)'),
  response: 'text',
  upload: { field: 'image', aliases: ['file'], accept: IMAGE_INPUT_KINDS },
  examples: [
    { title: 'bare Base64', input: {}, upload: { fileName: 'icon.png' } },
    { title: 'a data URI for HTML or CSS', input: { format: 'dataUri' }, upload: { fileName: 'logo.svg' } },
    {
      title: 'an SVG as a data URI',
      input: { format: 'dataUri' },
      upload: { fileName: 'dot.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' },
      output: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxIiBoZWlnaHQ9IjEiLz4=',
    },
  ],
  run: async ({ format }, ctx) => {
    const upload = ctx.files.uploads[0];
    if (!upload) throw new ToolError('validation_failed', 'image: is required; upload an image as multipart/form-data.');
    if (upload.sizeBytes > MAX_BYTES)
      throw new ToolError('payload_too_large', `image: to-base64 takes images up to ${MAX_BYTES / 1024 / 1024} MB (Base64 text is a third larger).`);
    const base64 = (await ctx.files.read(upload.path)).toString('base64');
    return format === 'dataUri' ? `data:${FILE_KINDS[upload.kind].mimeType};base64,${base64}` : base64;
  },
});
