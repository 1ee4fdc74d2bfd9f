import { cpuTask } from '../../engines/cpu/task.ts';
import { wordsOf } from './html.ts';
import { round2 } from './text.ts';

/**
 * Near-duplicate detection: 5-word shingles compared with Jaccard similarity (|A∩B| ÷ |A∪B|), and
 * a 64-bit SimHash of the words (FNV-1a hashes) compared by Hamming distance (similarity = 1 − d/64).
 */
export const SHINGLE = 5;

export function shingles(text: string, size = SHINGLE): Set<string> {
  const ws = wordsOf(text);
  const out = new Set<string>();
  if (ws.length === 0) return out;
  if (ws.length < size) {
    out.add(ws.join(' '));
    return out;
  }
  for (let i = 0; i + size <= ws.length; i++) out.add(ws.slice(i, i + size).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const s of small) if (large.has(s)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * FNV-1a 64 of the UTF-8 bytes, as its high and low 32-bit halves. Number arithmetic, exact: the prime is
 * 2^40 + 0x1b3, so h × prime mod 2^64 is h × 0x1b3 plus the low half shifted into the high one, and every
 * intermediate stays below 2^53. (BigInt per byte and per bit made a 10 × 200,000-character comparison take seconds.)
 */
export function fnv1a64(s: string): [hi: number, lo: number] {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  const step = (byte: number): void => {
    lo = (lo ^ byte) >>> 0;
    const low = lo * 0x1b3;
    hi = (hi * 0x1b3 + Math.floor(low / 0x100000000) + ((lo << 8) >>> 0)) % 0x100000000;
    lo = low % 0x100000000;
  };
  if (/^[\x00-\x7f]*$/.test(s)) for (let i = 0; i < s.length; i++) step(s.charCodeAt(i));
  else for (const byte of Buffer.from(s, 'utf8')) step(byte);
  return [hi, lo];
}

export function simhash(text: string): bigint {
  const counts = new Array<number>(64).fill(0);
  const ws = wordsOf(text);
  for (let i = 0; i + 1 < ws.length || (i === 0 && ws.length === 1); i++) {
    const gram = ws.length === 1 ? ws[0]! : `${ws[i]} ${ws[i + 1]}`;
    const [hi, lo] = fnv1a64(gram);
    for (let bit = 0; bit < 32; bit++) {
      counts[bit]! += (lo >>> bit) & 1 ? 1 : -1;
      counts[bit + 32]! += (hi >>> bit) & 1 ? 1 : -1;
    }
    if (ws.length === 1) break;
  }
  let out = 0n;
  for (let bit = 0; bit < 64; bit++) if (counts[bit]! > 0) out |= 1n << BigInt(bit);
  return out;
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

export type Verdict = 'duplicate' | 'near-duplicate' | 'similar' | 'distinct';

export interface DocumentPair {
  a: string;
  b: string;
  jaccard: number;
  simhash: number;
  verdict: Verdict;
}

/**
 * Every pair of documents compared (most similar first), and each document's word count. Documents with an
 * error or no words are counted but not paired. CPU-heavy on long texts: tools run it as a CPU-pool task.
 */
export function compareDocuments(docs: readonly { id: string; text: string; error: string | null }[]): { words: number[]; pairs: DocumentPair[] } {
  const prepared = docs.map((d) => ({ ...d, sh: shingles(d.text), hash: simhash(d.text), words: wordsOf(d.text).length }));
  const pairs: DocumentPair[] = [];
  for (let i = 0; i < prepared.length; i++) {
    for (let j = i + 1; j < prepared.length; j++) {
      const a = prepared[i]!;
      const b = prepared[j]!;
      if (a.error || b.error || a.words === 0 || b.words === 0) continue;
      const jac = round2(jaccard(a.sh, b.sh));
      const sim = round2(1 - hamming(a.hash, b.hash) / 64);
      const verdict = jac >= 0.9 ? 'duplicate' : jac >= 0.5 ? 'near-duplicate' : jac >= 0.2 || sim >= 0.9 ? 'similar' : 'distinct';
      pairs.push({ a: a.id, b: b.id, jaccard: jac, simhash: sim, verdict });
    }
  }
  pairs.sort((x, y) => y.jaccard - x.jaccard || y.simhash - x.simhash);
  return { words: prepared.map((d) => d.words), pairs };
}

export const compareDocumentsTask = cpuTask(import.meta.url, 'compareDocuments', compareDocuments);
