/** Dimensions from the first bytes of PNG, GIF, JPEG, WebP, ICO and SVG files (null when unknown). */
export interface ImageInfo {
  format: string;
  width: number | null;
  height: number | null;
  /** ICO files hold several sizes. */
  sizes?: string[];
}

export function imageInfo(b: Buffer): ImageInfo | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47) return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF') return { format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return webp(b);
  if (b.length >= 6 && b.readUInt16LE(0) === 0 && (b.readUInt16LE(2) === 1 || b.readUInt16LE(2) === 2)) return ico(b);
  const head = b.subarray(0, 4096).toString('utf8');
  if (/<svg[\s>]/i.test(head)) {
    const tag = /<svg[^>]*>/i.exec(head)?.[0] ?? '';
    const w = /\bwidth\s*=\s*["']?([\d.]+)(px)?["'\s>]/i.exec(tag)?.[1];
    const h = /\bheight\s*=\s*["']?([\d.]+)(px)?["'\s>]/i.exec(tag)?.[1];
    const vb = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(tag);
    return {
      format: 'svg',
      width: w ? Math.round(Number(w)) : vb ? Math.round(Number(vb[1])) : null,
      height: h ? Math.round(Number(h)) : vb ? Math.round(Number(vb[2])) : null,
    };
  }
  return null;
}

function jpeg(b: Buffer): ImageInfo {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    const len = b.readUInt16BE(i + 2);
    i += 2 + len;
  }
  return { format: 'jpeg', width: null, height: null };
}

function webp(b: Buffer): ImageInfo {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { format: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return { format: 'webp', width: null, height: null };
}

function ico(b: Buffer): ImageInfo {
  const count = b.readUInt16LE(4);
  const sizes: string[] = [];
  let best = 0;
  for (let k = 0; k < Math.min(count, 64) && 6 + 16 * (k + 1) <= b.length; k++) {
    const w = b[6 + 16 * k] || 256;
    const h = b[7 + 16 * k] || 256;
    sizes.push(`${w}x${h}`);
    best = Math.max(best, w);
  }
  return { format: 'ico', width: best || null, height: best || null, sizes };
}
