import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { encode as encodeBmp } from 'bmp-ts';

/** Real images made in-process with sharp (and heif-enc for HEIC), so tests never depend on files in the repo. */

/** A 64×48 RGBA PNG: a red-to-blue gradient with a transparent stripe. */
export async function pngWithAlpha(width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels[i] = Math.round((255 * x) / (width - 1));
      pixels[i + 1] = 40;
      pixels[i + 2] = 255 - pixels[i]!;
      pixels[i + 3] = y < 8 ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** An 80×60 JPEG stored sideways (EXIF orientation 6: display rotated 90° clockwise, 60×80), with camera and GPS tags. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#3a7bd5' } })
    .composite([{ input: { create: { width: 20, height: 60, channels: 3, background: '#ffffff' } }, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS 5D' },
      IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', ExposureTime: '1/125', FNumber: '28/10' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 30/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A noisy 400×300 JPEG at quality 100: plenty to compress. */
export async function noisyJpeg(width = 400, height = 300): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (Math.floor(i / 3) % width) / 2 + (seed % 40);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** Two 30×20 frames (red, blue) as an animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const red = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp([red, blue], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

export async function as(format: 'webp' | 'tiff' | 'avif' | 'gif' | 'jpeg', source: Buffer): Promise<Buffer> {
  return sharp(source)[format]().toBuffer();
}

/** A 24-bit BMP (bmp-ts's encoder), 40×30, green. */
export function bmp(width = 40, height = 30): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 0; // alpha (ABGR order)
    data[i + 1] = 0; // blue
    data[i + 2] = 200; // green
    data[i + 3] = 0; // red
  }
  return encodeBmp({ data, width, height, bitPP: 24 }).data;
}

export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><rect width="100" height="50" fill="#fff"/><circle cx="25" cy="25" r="20" fill="#000"/></svg>';

/** A black disc on white, 200×200: something worth tracing. */
export async function discPng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><circle cx="100" cy="100" r="60" fill="#000"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A valid PNG whose header claims 50 000 × 50 000 pixels (2.5 gigapixels): a decompression bomb. */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  // One compressed row of zeros: a real bomb would inflate to 2.5 GB.
  const idat = zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

export function heifEncAvailable(): boolean {
  const probe = spawnSync('heif-enc', ['--list-encoders'], { encoding: 'utf8' });
  return probe.status === 0 && /HEIC encoders:\s*\n\s*-\s*\S+/.test(probe.stdout ?? '');
}

/** A 64×48 HEIC (HEVC) made with heif-enc. */
export async function heic(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolapi-heic-'));
  try {
    const png = path.join(dir, 'in.png');
    writeFileSync(
      png,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00aa00' } })
        .png()
        .toBuffer(),
    );
    execFileSync('heif-enc', ['-q', '60', '-o', path.join(dir, 'out.heic'), png], { stdio: 'ignore' });
    return readFileSync(path.join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
