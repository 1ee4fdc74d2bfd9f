import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'digital',
  slug: 'digital-converter',
  title: 'Digital storage converter',
  description:
    'Converts data sizes between bits and bytes with SI decimal prefixes (kB = 1000 B, MB, GB, TB, PB; kb, Mb… for bits) and IEC binary prefixes (KiB = 1024 B, MiB, GiB, TiB, PiB; Kib… for bits), per IEC 80000-13. B is a byte and b a bit; the ambiguous KB is refused (use kB or KiB).',
  keywords: ['digital', 'data size', 'bytes', 'megabytes to gigabytes', 'kibibyte', 'bits to bytes', 'storage'],
  examples: [
    { title: 'a kibibyte is 1024 bytes (IEC 80000-13)', input: { value: 1, from: 'KiB', to: 'B' }, result: 1024 },
    { title: 'a decimal gigabyte in gibibytes', input: { value: 1, from: 'GB', to: 'GiB' }, result: 0.931322574615 },
    { title: 'a 100 Mbit/s line moves 12.5 MB per second', input: { value: 100, from: 'Mb', to: 'MB' }, result: 12.5 },
  ],
});
