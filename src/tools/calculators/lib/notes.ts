import { z } from 'zod';
import { invalidField } from '../../../core/errors.ts';
import { Decimal, ZERO } from '../../../lib/money.ts';
import { amountField, labelField, percentField } from './fields.ts';
import { computeInvoice, type EngineLine, engineLines, type InvoiceOptions, invoiceTotalsShape, type LineItem, lineItemSchema, MAX_ITEMS } from './invoice.ts';
import { money, type Money } from './money.ts';
import { TAX_MODES } from './tax.ts';

/**
 * Credit and debit notes adjust an earlier invoice either line by line (`items`, like an invoice) or by one
 * amount (`amount` with `rate` and `mode`, like the tax calculators).
 */
export const adjustmentInputs = {
  items: z
    .array(lineItemSchema)
    .min(1, 'at least one line item')
    .max(MAX_ITEMS, `at most ${MAX_ITEMS} line items`)
    .optional()
    .describe('The lines adjusted: {description?, quantity? (default 1), unitPrice, taxRate?, discount?, discountType?}. Give items or amount'),
  amount: amountField('A single adjustment amount instead of items: net (mode exclusive) or tax-inclusive (mode inclusive)').optional(),
  rate: percentField('Tax rate in percent of the single `amount` (default: the top-level taxRate, else 0)').optional(),
  mode: z.enum(TAX_MODES).default('exclusive').describe('For `amount`: exclusive (default, tax is added) or inclusive (amount already includes tax)'),
  originalInvoiceNumber: labelField('Number of the invoice being adjusted', 64).optional(),
  reason: labelField('Why the note is issued, e.g. "Returned goods"').optional(),
};

export interface AdjustmentInput {
  items?: LineItem[] | undefined;
  amount?: Decimal | undefined;
  rate?: Decimal | undefined;
  mode: (typeof TAX_MODES)[number];
  reason?: string | undefined;
  taxRate?: Decimal | undefined;
  pricesIncludeTax: boolean;
}

/** The engine lines and whether prices include tax, from either form of adjustment. */
export function adjustmentLines(input: AdjustmentInput, label: string): { lines: EngineLine[]; pricesIncludeTax: boolean } {
  if (input.items && input.amount !== undefined) throw invalidField('amount', 'give either items or amount, not both');
  if (input.items) return { lines: engineLines(input.items, input.taxRate), pricesIncludeTax: input.pricesIncludeTax };
  if (input.amount === undefined) throw invalidField('items', 'give the adjusted lines (items) or a single amount');
  return {
    lines: [
      {
        description: input.reason ?? label,
        quantity: new Decimal(1),
        unitPrice: input.amount,
        taxRate: input.rate ?? input.taxRate ?? ZERO,
        discount: undefined,
        discountType: 'percent',
        field: 'amount',
      },
    ],
    pricesIncludeTax: input.mode === 'inclusive',
  };
}

/** Field that carries the adjustment, for error messages. */
export function adjustmentField(input: { items?: unknown }): string {
  return input.items ? 'items' : 'amount';
}

/** What both notes return first: the note's own invoice totals, then which invoice it adjusts and why. */
export const adjustmentTotalsShape = {
  ...invoiceTotalsShape,
  originalInvoiceNumber: z.string().nullable(),
  reason: z.string().nullable(),
};

/**
 * The note computed like an invoice: its totals (in the order of `adjustmentTotalsShape`), its amount including tax,
 * and the money rules (currency, decimals, rounding) the rest of the note is formatted with.
 */
export function computeAdjustment(
  input: AdjustmentInput & Omit<InvoiceOptions, 'pricesIncludeTax'> & Parameters<typeof money>[0] & { originalInvoiceNumber?: string | undefined },
  label: string,
) {
  const m: Money = money(input);
  const { lines, pricesIncludeTax } = adjustmentLines(input, label);
  const totals = computeInvoice(lines, { ...input, pricesIncludeTax }, m);
  return {
    m,
    amount: new Decimal(totals.total),
    totals: { ...totals, originalInvoiceNumber: input.originalInvoiceNumber ?? null, reason: input.reason ?? null },
  };
}
