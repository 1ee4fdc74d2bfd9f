/**
 * A spreadsheet number as Excel and LibreOffice show it in a General cell: 15 significant digits. Digits beyond
 * them are binary floating-point artefacts of the stored double (0.1+0.2 is stored as 0.30000000000000004, 1/3
 * as 0.33333333333333331), so every tool that turns cells into text or JSON uses this one rule.
 */
export function spreadsheetNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  return Number(value.toPrecision(15));
}
