/**
 * A whole number with comma thousands separators ("1,000,000"), as `toLocaleString('en')` writes it but without
 * ICU: the first Intl formatter a process builds loads ICU's locale data (tens of milliseconds), and descriptions
 * and error messages built at import must not pay that (docs/architecture.md "Libraries loaded on first use").
 */
export function withThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds to `places` decimals in binary floating point: for reported measurements and statistics, not money (lib/money.ts). */
export function round(value: number, places = 2): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
