import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { animatedGif, as, bmp, discPng, heic, heifEncAvailable, jpegWithExif, noisyJpeg, pngBomb, pngWithAlpha, SVG } from './fixtures.ts';
import { errorOf, fileOf, postForm, scratchEntries } from './helpers.ts';

/** The image convertors through real HTTP: every output re-read with sharp (or pdf-lib / libheif) and checked by content. */
let server: TestServer;
let png: Buffer;
let jpeg: Buffer;
before(async () => {
  server = await startTestServer();
  png = await pngWithAlpha();
  jpeg = await jpegWithExif();
});
after(async () => {
  await server.close();
});

const image = (data: Buffer | string, name = 'photo.png') => [{ field: 'image', name, data }];

describe('lossless formats round-trip (fast-check; pixels written and read back with pngjs, not sharp)', () => {
  const pixels = fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
    .chain(([width, height]) => fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }).map((data) => ({ width, height, data })));
  const encode = ({ width, height, data }: { width: number; height: number; data: Uint8Array }): Buffer => {
    const out = new PNG({ width, height });
    out.data = Buffer.from(data);
    return PNG.sync.write(out);
  };
  /** RGBA with the colour of fully transparent pixels zeroed: it cannot be seen, and encoders may drop it (the accepted loss). */
  const visible = (data: Uint8Array): number[] => Array.from(data, (v, i) => (data[i - (i % 4) + 3] === 0 && i % 4 !== 3 ? 0 : v));
  for (const [slug, fields] of [
    ['to-webp', { lossless: 'true' }],
    ['to-avif', { lossless: 'true' }],
    ['to-heif', { lossless: 'true' }],
    ['to-tiff', {}],
  ] as const) {
    test(`PNG → ${slug}${Object.keys(fields).length ? ' (lossless)' : ''} → to-png gives the same pixels`, async () => {
      await fc.assert(
        fc.asyncProperty(pixels, async (image) => {
          const { bytes: converted } = await fileOf(
            await postForm(server, `/api/v1/convertors/${slug}`, [{ field: 'image', name: 'in.png', data: encode(image) }], fields),
          );
          const { bytes: back } = await fileOf(
            await postForm(server, '/api/v1/convertors/to-png', [{ field: 'image', name: `in.${slug.slice(3)}`, data: converted }]),
          );
          const decoded = PNG.sync.read(back);
          assert.deepEqual([decoded.width, decoded.height], [image.width, image.height]);
          assert.deepEqual(visible(decoded.data), visible(image.data));
        }),
        { numRuns: 10 },
      );
    });
  }
});

test('to-grayscale is Rec. 709 luminance: Y = 0.2126 R + 0.7152 G + 0.0722 B in linear light, sRGB-encoded (IEC 61966-2-1); computed here, read back with pngjs', async () => {
  const toLinear = (v: number): number => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const toSrgb = (y: number): number => 255 * (y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055);
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 16 }),
      async (colours) => {
        const input = new PNG({ width: colours.length, height: 1 });
        input.data = Buffer.from(colours.flatMap(([r, g, b]) => [r, g, b, 255]));
        const { bytes } = await fileOf(
          await postForm(server, '/api/v1/convertors/to-grayscale', [{ field: 'image', name: 'c.png', data: PNG.sync.write(input) }]),
        );
        const out = PNG.sync.read(bytes);
        colours.forEach(([r, g, b], i) => {
          const expected = toSrgb(0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b));
          assert.ok(Math.abs(out.data[i * 4]! - expected) <= 1.5, `rgb(${r}, ${g}, ${b}) → ${out.data[i * 4]}, expected ${expected.toFixed(1)}`);
        });
      },
    ),
    { numRuns: 10 },
  );
});

describe('format conversions', () => {
  const cases = [
    { slug: 'to-jpg', format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
    { slug: 'to-png', format: 'png', mime: 'image/png', ext: 'png' },
    { slug: 'to-webp', format: 'webp', mime: 'image/webp', ext: 'webp' },
    { slug: 'to-avif', format: 'heif', mime: 'image/avif', ext: 'avif' },
    { slug: 'to-heif', format: 'heif', mime: 'image/heif', ext: 'heif' },
    { slug: 'to-tiff', format: 'tiff', mime: 'image/tiff', ext: 'tiff' },
    { slug: 'to-gif', format: 'gif', mime: 'image/gif', ext: 'gif' },
  ] as const;
  for (const c of cases) {
    test(`${c.slug}: PNG 64×48 → ${c.ext}, same dimensions`, async () => {
      const { body, bytes } = await fileOf(await postForm(server, `/api/v1/convertors/${c.slug}`, image(png, 'gradient.png')));
      assert.equal(body.message, 'Conversion successful');
      assert.equal(body.result.fileName, `gradient.${c.ext}`);
      assert.equal(body.result.mimeType, c.mime);
      assert.deepEqual([body.result.width, body.result.height, body.result.inputFormat, body.result.format], [64, 48, 'png', c.ext]);
      const meta = await sharp(bytes).metadata();
      assert.equal(meta.format, c.format);
      assert.deepEqual([meta.width, meta.height], [64, 48]);
      if (c.slug === 'to-avif') assert.equal(meta.compression, 'av1');
      if (c.slug === 'to-heif') assert.equal(meta.compression, 'av1');
    });
  }

  test('to-jpg flattens transparency onto the background and applies EXIF orientation', async () => {
    const { bytes } = await fileOf(await postForm(server, '/api/v1/convertors/to-jpg', image(png), { background: '#00ff00', quality: '95' }));
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.channels, 3);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    // Row 0 was transparent: now green.
    assert.ok(data[1]! > 200 && data[0]! < 60 && data[2]! < 60, `pixel 0 is ${[...data.subarray(0, 3)]}`);
    // The sideways JPEG (80×60, orientation 6) comes out upright: 60×80, orientation reset.
    const upright = await fileOf(await postForm(server, '/api/v1/convertors/to-png', image(jpeg, 'sideways.jpg')));
    const m = await sharp(upright.bytes).metadata();
    assert.deepEqual([m.width, m.height, upright.body.result.inputFormat], [60, 80, 'jpg']);
    assert.equal(m.orientation, undefined);
    // White band was the left 20 px of the stored image: after a 90° clockwise turn it is the top rows.
    const { data: top } = await sharp(upright.bytes).extract({ left: 30, top: 5, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    assert.ok(top[0]! > 230 && top[1]! > 230 && top[2]! > 230, `top pixel ${[...top]}`);
  });

  test('metadata is stripped by default (no GPS leaks) and kept on request', async () => {
    const stripped = await fileOf(await postForm(server, '/api/v1/convertors/to-jpg', image(jpeg, 'a.jpg')));
    assert.equal((await sharp(stripped.bytes).metadata()).exif, undefined);
    const kept = await fileOf(await postForm(server, '/api/v1/convertors/to-jpg', image(jpeg, 'a.jpg'), { keepMetadata: 'true' }));
    assert.ok((await sharp(kept.bytes).metadata()).exif, 'EXIF kept');
  });

  test('to-webp keeps an animated GIF animated; to-png keeps the first frame and says so', async () => {
    const gif = await animatedGif();
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/to-webp', image(gif, 'spinner.gif')));
    const meta = await sharp(bytes, { animated: true }).metadata();
    assert.deepEqual([meta.format, meta.pages, meta.width, meta.pageHeight], ['webp', 2, 30, 20]);
    assert.deepEqual([body.result.frames, body.result.height], [2, 20]);
    const first = await fileOf(await postForm(server, '/api/v1/convertors/to-png', image(gif, 'spinner.gif')));
    assert.deepEqual([first.body.result.width, first.body.result.height], [30, 20]);
    assert.match(first.body.warnings?.join(' ') ?? '', /2 frames\/pages; PNG keeps the first/);
  });

  test('every input format is read: WebP, TIFF, AVIF, GIF, BMP, SVG, HEIC', async () => {
    const inputs: Array<[string, Buffer | string, number, number]> = [
      ['in.webp', await as('webp', png), 64, 48],
      ['in.tiff', await as('tiff', png), 64, 48],
      ['in.avif', await as('avif', png), 64, 48],
      ['in.gif', await as('gif', png), 64, 48],
      ['in.bmp', bmp(), 40, 30],
      ['in.svg', SVG, 100, 50],
    ];
    if (heifEncAvailable()) inputs.push(['in.heic', await heic(), 64, 48]);
    for (const [name, data, width, height] of inputs) {
      const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/to-png', image(data, name)));
      const meta = await sharp(bytes).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', width, height], name);
      assert.equal(body.result.inputFormat, name.split('.').pop(), name);
    }
    // The BMP's pixels survive (green, opaque).
    const fromBmp = await fileOf(await postForm(server, '/api/v1/convertors/to-png', image(bmp(), 'in.bmp')));
    const { data, info } = await sharp(fromBmp.bytes).raw().toBuffer({ resolveWithObject: true });
    assert.equal(info.channels, 3);
    assert.deepEqual([...data.subarray(0, 3)], [0, 200, 0]);
  });

  test('to-heic: real HEVC output when heif-enc is installed, otherwise 501 engine_unavailable (never a fake file)', async () => {
    const answer = await postForm(server, '/api/v1/convertors/to-heic', image(png));
    if (!heifEncAvailable()) {
      assert.equal(answer.status, 501);
      assert.equal(errorOf(answer).error, 'engine_unavailable');
      return;
    }
    const { body, bytes } = await fileOf(answer);
    assert.equal(body.result.mimeType, 'image/heic');
    assert.equal(bytes.subarray(4, 12).toString('latin1'), 'ftypheic');
    const require = createRequire(import.meta.url);
    const decode = require('heic-decode') as (input: { buffer: Buffer }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
    const decoded = await decode({ buffer: bytes });
    assert.deepEqual([decoded.width, decoded.height], [64, 48]);
  });
});

describe('image tools', () => {
  test('to-grayscale keeps the format and leaves one colour channel (plus alpha)', async () => {
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/to-grayscale', image(png)));
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.format, meta.space, meta.channels, body.result.format], ['png', 'b-w', 2, 'png']);
    const asJpeg = await fileOf(await postForm(server, '/api/v1/convertors/to-grayscale', image(png), { format: 'jpg' }));
    const stats = await sharp(asJpeg.bytes).stats();
    assert.ok(stats.channels.length <= 2 || stats.channels.every((c) => Math.abs(c.mean - stats.channels[0]!.mean) < 1));
  });

  test('compress-image: smaller file, sizes before and after in the result and warnings', async () => {
    const original = await noisyJpeg();
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/compress-image', image(original, 'noisy.jpg'), { quality: '60' }));
    const r = body.result as Record<string, number | boolean | string>;
    assert.equal(r.originalBytes, original.length);
    assert.equal(r.compressedBytes, bytes.length);
    assert.ok(bytes.length < original.length * 0.7, `${bytes.length} vs ${original.length}`);
    assert.equal(r.savedBytes, original.length - bytes.length);
    assert.equal(r.unchanged, false);
    assert.equal((await sharp(bytes).metadata()).format, 'jpeg');
    assert.match(body.warnings?.[0] ?? '', /^Compressed .* → .* \(−\d+(\.\d)? %\)\.$/);
    // Resizing caps the dimensions.
    const resized = await fileOf(await postForm(server, '/api/v1/convertors/compress-image', image(original, 'noisy.jpg'), { maxWidth: '100' }));
    assert.deepEqual([resized.body.result.width, resized.body.result.height], [100, 75]);
    // A tiny, already tight PNG comes back unchanged rather than bigger.
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const same = await fileOf(await postForm(server, '/api/v1/convertors/compress-image', image(tiny, 'dot.png'), { lossless: 'true' }));
    assert.ok(same.bytes.length <= tiny.length);
    if (same.body.result.unchanged) assert.deepEqual(same.bytes, tiny);
  });

  test('compress-svg: smaller, scripts and handlers gone, still a valid SVG of the same size', async () => {
    const svg = `<?xml version="1.0"?>\n<!-- editor -->\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">\n  <metadata>x</metadata>\n  <script>alert(1)</script>\n  <g><rect x="0.000001" y="0" width="100.000" height="50.000" fill="#ffffff" onclick="alert(2)"/></g>\n  <a href="javascript:alert(3)"><circle cx="25.12345" cy="25" r="20" fill="#000000"/></a>\n</svg>\n`;
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/compress-svg', image(svg, 'logo.svg')));
    const out = bytes.toString('utf8');
    assert.ok(bytes.length < Buffer.byteLength(svg));
    assert.doesNotMatch(out, /<script|onclick|javascript:|<metadata|editor/);
    assert.equal(body.result.scriptsRemoved, true);
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['svg', 100, 50]);
  });

  test('to-base64 returns plain text: bare Base64 or a data URI with the sniffed type', async () => {
    const bare = await postForm(server, '/api/v1/convertors/to-base64', image(png, 'wrong-name.jpg'));
    assert.equal(bare.status, 200);
    assert.match(bare.contentType, /^text\/plain/);
    assert.deepEqual(Buffer.from(bare.text, 'base64'), png);
    const uri = await postForm(server, '/api/v1/convertors/to-base64', image(png), { format: 'dataUri' });
    assert.equal(uri.text, `data:image/png;base64,${png.toString('base64')}`);
  });

  test('image-to-pdf: one page per image, fit and A4 layouts', async () => {
    const parts = [
      { field: 'image', name: 'a.png', data: png },
      { field: 'image', name: 'b.jpg', data: jpeg },
      { field: 'image', name: 'c.webp', data: await as('webp', png) },
    ];
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/image-to-pdf', parts, { title: 'Album' }));
    assert.equal(body.result.pages, 3);
    assert.equal(body.result.fileName, 'a.pdf');
    const pdf = await PDFDocument.load(bytes);
    assert.equal(pdf.getPageCount(), 3);
    assert.equal(pdf.getTitle(), 'Album');
    const sizes = pdf.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
    assert.deepEqual(sizes[0], [64, 48]);
    assert.deepEqual(sizes[1], [60, 80], 'the sideways JPEG is rotated upright');
    const a4 = await fileOf(await postForm(server, '/api/v1/convertors/image-to-pdf', [parts[0]!], { pageSize: 'a4', margin: '36' }));
    // A4 is 210 × 297 mm (ISO 216) = 595.28 × 841.89 pt; read by poppler's pdfinfo, not by pdf-lib that wrote it.
    const file = path.join(server.dataDir, 'a4-check.pdf');
    writeFileSync(file, a4.bytes);
    const pageSize = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [file]).toString());
    assert.deepEqual([Math.round(Number(pageSize?.[1])), Math.round(Number(pageSize?.[2]))], [842, 595], 'a landscape image gets a landscape A4 page');
    const tooMany = await postForm(
      server,
      '/api/v1/convertors/image-to-pdf',
      Array.from({ length: 21 }, (_, i) => ({ field: 'image', name: `${i}.png`, data: png })),
    );
    assert.equal(tooMany.status, 400);
  });

  test('image-metadata: JSON body with dimensions, orientation, camera, date and GPS', async () => {
    const answer = await postForm(server, '/api/v1/convertors/image-metadata', image(jpeg, 'IMG_1.jpg'));
    assert.equal(answer.status, 200);
    const m = answer.body as Record<string, unknown>;
    assert.equal(m.status, undefined, 'no envelope');
    assert.deepEqual(
      [m.format, m.width, m.height, m.orientation, m.displayWidth, m.displayHeight, m.colorSpace, m.channels, m.aspectRatio],
      ['jpg', 80, 60, 6, 60, 80, 'srgb', 3, '3:4'],
    );
    assert.deepEqual(m.camera, { make: 'Canon', model: 'EOS 5D', lens: null });
    assert.equal(m.dateTaken, '2024-05-06T07:08:09');
    assert.deepEqual(m.gps, { latitude: 51.5, longitude: -0.125, altitude: null });
    assert.equal((m.exif as Record<string, unknown>).ExposureTime, 0.008);
    // The header of a bomb is described without decoding it.
    const bomb = await postForm(server, '/api/v1/convertors/image-metadata', image(pngBomb(), 'bomb.png'));
    assert.equal(bomb.status, 200);
    assert.deepEqual([(bomb.body as Record<string, unknown>).width, (bomb.body as Record<string, unknown>).decodable], [50_000, false]);
  });

  test('to-svg traces real vector paths', async () => {
    const { body, bytes } = await fileOf(await postForm(server, '/api/v1/convertors/to-svg', image(await discPng(), 'disc.png')));
    const svg = bytes.toString('utf8');
    assert.match(svg, /<svg[^>]* width="200" height="200"/);
    assert.match(svg, /<path[^>]* d="M/);
    assert.doesNotMatch(svg, /<image|base64/, 'vectors, not an embedded bitmap');
    assert.ok((body.result.paths as number) >= 1);
    // Rendered again, the centre is dark and the corner light.
    const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [200, 200]);
    assert.ok(data[100 * 200 + 100]! < 50, 'centre');
    assert.ok(data[5 * 200 + 5]! > 200, 'corner');
    const poster = await fileOf(await postForm(server, '/api/v1/convertors/to-svg', image(png), { mode: 'posterize', steps: '3' }));
    assert.match(poster.bytes.toString('utf8'), /<path/);
  });

  test('to-svg posterize with many levels traces one layer per level (its catalog example: steps 5; and the maximum, 8)', async () => {
    // Potrace's exhaustive threshold search made steps 5 run for over a minute on the event loop.
    const photo = await noisyJpeg();
    for (const steps of [5, 8]) {
      const { body, bytes } = await fileOf(
        await postForm(server, '/api/v1/convertors/to-svg', image(photo, 'portrait.jpg'), { mode: 'posterize', steps: String(steps) }),
      );
      const layers = [...bytes.toString('utf8').matchAll(/<path\b/g)].length;
      assert.equal(body.result.paths, layers);
      assert.ok(layers >= 2 && layers <= steps, `steps ${steps}: ${layers} layers`);
      // The fixture brightens from left to right: rendered again, the traced image does too.
      const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
      const column = (x: number): number => data[Math.floor(info.height / 2) * info.width + x]!;
      assert.ok(column(10) < column(info.width - 10), `left ${column(10)} is not darker than right ${column(info.width - 10)}`);
    }
  });
});

describe('hostile inputs: a clear 4xx and no scratch files left', () => {
  test('an image bomb (PNG header claiming 50 000 × 50 000) is 400 before decoding', async () => {
    for (const slug of ['to-webp', 'to-jpg', 'compress-image', 'to-svg', 'image-to-pdf', 'to-grayscale']) {
      const answer = await postForm(server, `/api/v1/convertors/${slug}`, image(pngBomb(), 'bomb.png'));
      assert.equal(answer.status, 400, `${slug}: ${answer.text}`);
      assert.match(errorOf(answer).detail, /^image: 50000 × 50000 pixels \(2,500 MP\) exceeds the 100 MP limit/);
    }
    assert.deepEqual(scratchEntries(server), []);
  });

  test('wrong magic bytes: 415 naming what was expected; a truncated image: 400', async () => {
    const text = await postForm(server, '/api/v1/convertors/to-png', image('just some text', 'photo.png'));
    assert.equal(text.status, 415);
    assert.match(errorOf(text).detail, /^image: expected JPEG image, PNG image/);
    const pdfAsImage = await postForm(server, '/api/v1/convertors/to-webp', image(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'x.png'));
    assert.equal(pdfAsImage.status, 415);
    const truncated = await postForm(server, '/api/v1/convertors/to-webp', image((await noisyJpeg()).subarray(0, 2000), 'cut.jpg'));
    assert.equal(truncated.status, 400, truncated.text);
    assert.match(errorOf(truncated).detail, /^image: /);
    assert.deepEqual(scratchEntries(server), []);
  });

  test('SVG with entity declarations is refused (XXE / billion laughs)', async () => {
    const lol =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>';
    for (const slug of ['to-png', 'compress-svg']) {
      const answer = await postForm(server, `/api/v1/convertors/${slug}`, image(lol, 'lol.svg'));
      assert.equal(answer.status, 400, slug);
      assert.match(errorOf(answer).detail, /entit/);
    }
    assert.deepEqual(scratchEntries(server), []);
  });

  test('bad options are 400 naming the field', async () => {
    const answer = await postForm(server, '/api/v1/convertors/to-jpg', image(png), { quality: '0' });
    assert.equal(answer.status, 400);
    assert.match(errorOf(answer).detail, /^quality: /);
    const colour = await postForm(server, '/api/v1/convertors/to-jpg', image(png), { background: 'red' });
    assert.match(errorOf(colour).detail, /^background: /);
    const wrongField = await postForm(server, '/api/v1/convertors/to-png', [{ field: 'photo', name: 'a.png', data: png }]);
    assert.equal(wrongField.status, 400);
    assert.match(errorOf(wrongField).detail, /^photo: unexpected file field; upload the file in field "image"/);
    const alias = await postForm(server, '/api/v1/convertors/to-png', [{ field: 'file', name: 'a.png', data: png }]);
    assert.equal(alias.status, 200, 'file is accepted as an alias of image');
  });

  test('property: random bytes, and PNGs with random header dimensions, never give a 5xx', async () => {
    const slugs = ['to-webp', 'to-jpg', 'compress-image', 'image-metadata', 'to-svg', 'to-base64', 'image-to-pdf'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...slugs), fc.uint8Array({ minLength: 1, maxLength: 400 }), async (slug, bytes) => {
        const answer = await postForm(server, `/api/v1/convertors/${slug}`, image(Buffer.from(bytes), 'x.png'));
        assert.ok(answer.status < 500, `${slug}: ${answer.status} ${answer.text}`);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...slugs), fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 200_000 }), async (slug, width, height) => {
        const answer = await postForm(server, `/api/v1/convertors/${slug}`, image(pngBomb(width, height), 'x.png'));
        assert.ok(answer.status < 500, `${slug} ${width}×${height}: ${answer.status} ${answer.text}`);
        if (width * height > 100_000_000 && slug !== 'image-metadata' && slug !== 'to-base64') assert.equal(answer.status, 400);
      }),
      { numRuns: 30 },
    );
    assert.deepEqual(scratchEntries(server), []);
  });
});
