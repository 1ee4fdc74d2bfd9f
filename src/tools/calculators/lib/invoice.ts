import { z } from 'zod';
import { invalidField } from '../../../core/errors.ts';
import { Decimal, HUNDRED, sum, toNumber, ZERO } from '../../../lib/money.ts';
import { amountField, decimalField, labelField, percentField } from './fields.ts';
import { allocate, fmtPrice, type Money, moneyMetaOutput, moneyOptions, moneyOut } from './money.ts';
import { taxOnNet } from './tax.ts';

/**
 * The invoice engine shared by the invoice-style calculators (invoice total, tax-compliant invoice,
 * recurring, timesheet, credit and debit notes). Order of operations, as on a commercial invoice:
 *   line amount = quantity × unit price (rounded) → line discount → invoice discount (spread over the lines
 *   in proportion, in whole minor units) → tax per rate → total.
 * Tax is computed once per rate on the summed taxable amounts (`per-rate`, the EU/UK VAT summary method)
 * or per line and summed (`per-line`); either way the per-line tax figures add up to the per-rate totals.
 */

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const TAX_CALCULATIONS = ['per-rate', 'per-line'] as const;
export type TaxCalculation = (typeof TAX_CALCULATIONS)[number];

export const MAX_ITEMS = 500;

export const lineItemShape = {
  description: labelField('What the line is for, e.g. "Web design"').optional(),
  quantity: decimalField('Quantity; may be fractional (1.5 hours); default 1', { min: 0, max: 1e9 }).optional(),
  unitPrice: amountField('Price of one unit: excluding tax, or including it when `pricesIncludeTax` is true'),
  taxRate: percentField('Tax rate of this line in percent (20 = 20 %); default the top-level `taxRate`, else 0').optional(),
  discount: amountField('Line discount: a percentage of the line amount (discountType "percent", the default) or an amount off the line').optional(),
  discountType: z
    .enum(DISCOUNT_TYPES)
    .default('percent')
    .describe('How `discount` of this line is meant: percent (default) or fixed (an amount off the whole line)'),
};

export const lineItemSchema = z.object(lineItemShape);
export type LineItem = z.output<typeof lineItemSchema>;

export function itemsField(description: string) {
  return z.array(lineItemSchema).min(1, 'at least one line item').max(MAX_ITEMS, `at most ${MAX_ITEMS} line items`).describe(description);
}

/** Invoice-level options (beside the items), shared by every invoice-style calculator. */
export const invoiceOptions = {
  taxRate: percentField('Default tax rate in percent for lines without their own `taxRate` (default 0)').optional(),
  discount: amountField(
    'Invoice-level discount after line discounts and before tax: a percentage (discountType "percent", the default) or a fixed amount; spread over the lines in proportion so each tax rate gets its share',
  ).optional(),
  discountType: z.enum(DISCOUNT_TYPES).default('percent').describe('How the invoice-level `discount` is meant: percent (default) or fixed'),
  shipping: amountField('Shipping or handling charge added to the invoice (not discounted); default 0').optional(),
  shippingTaxRate: percentField('Tax rate of the shipping charge in percent (default 0)').optional(),
  pricesIncludeTax: z
    .boolean()
    .default(false)
    .describe('true when unit prices and shipping already include tax (B2C gross prices); tax is then extracted instead of added'),
  taxCalculation: z
    .enum(TAX_CALCULATIONS)
    .default('per-rate')
    .describe('per-rate (default): tax computed once per rate on the summed net amounts (EU/UK VAT summary); per-line: tax rounded on each line, then summed'),
  ...moneyOptions,
};

export const invoiceLineOutput = z.object({
  line: z.number().int().describe('1-based line number'),
  description: z.string().nullable(),
  quantity: z.number().describe('Quantity (6 decimals at most)'),
  unitPrice: moneyOut('Unit price as given (more places than the currency are kept)'),
  amount: moneyOut('quantity × unitPrice, rounded'),
  discount: moneyOut('Line discount'),
  invoiceDiscount: moneyOut("This line's share of the invoice-level discount"),
  netAmount: moneyOut('Taxable amount of the line, excluding tax'),
  taxRate: z.number().describe('Tax rate in percent'),
  taxAmount: moneyOut('Tax of the line'),
  total: moneyOut('Line total including tax'),
});

export const taxSummaryOutput = z.object({
  rate: z.number().describe('Tax rate in percent'),
  taxableAmount: moneyOut('Net amount taxed at this rate'),
  taxAmount: moneyOut('Tax at this rate'),
});

export const invoiceTotalsShape = {
  lines: z.array(invoiceLineOutput),
  subtotal: moneyOut('Sum of the line amounts before discounts (including tax when pricesIncludeTax)'),
  lineDiscountTotal: moneyOut('Sum of the line discounts'),
  invoiceDiscount: moneyOut('Invoice-level discount'),
  discountTotal: moneyOut('All discounts'),
  shipping: moneyOut('Shipping charge as given'),
  shippingTaxAmount: moneyOut('Tax on the shipping charge'),
  netTotal: moneyOut('Total excluding tax (taxable amounts of all rates, shipping included)'),
  taxes: z.array(taxSummaryOutput).describe('Tax per rate, ascending by rate'),
  taxTotal: moneyOut('Total tax'),
  total: moneyOut('Total including tax'),
  pricesIncludeTax: z.boolean(),
  taxCalculation: z.enum(TAX_CALCULATIONS),
  ...moneyMetaOutput,
};
export const invoiceTotalsOutput = z.object(invoiceTotalsShape);
export type InvoiceTotals = z.infer<typeof invoiceTotalsOutput>;

export interface EngineLine {
  description: string | null;
  quantity: Decimal;
  unitPrice: Decimal;
  taxRate: Decimal;
  discount: Decimal | undefined;
  discountType: DiscountType;
  /** Field path of this line for error messages, e.g. `items.2`. */
  field: string;
}

export interface InvoiceOptions {
  taxRate?: Decimal | undefined;
  discount?: Decimal | undefined;
  discountType: DiscountType;
  shipping?: Decimal | undefined;
  shippingTaxRate?: Decimal | undefined;
  pricesIncludeTax: boolean;
  taxCalculation: TaxCalculation;
}

/** Turns parsed line items into engine lines, applying the default tax rate. */
export function engineLines(items: readonly LineItem[], defaultTaxRate: Decimal | undefined, field = 'items'): EngineLine[] {
  return items.map((item, i) => ({
    description: item.description ?? null,
    quantity: item.quantity ?? new Decimal(1),
    unitPrice: item.unitPrice,
    taxRate: item.taxRate ?? defaultTaxRate ?? ZERO,
    discount: item.discount,
    discountType: item.discountType,
    field: `${field}.${i}`,
  }));
}

function discountAmount(base: Decimal, value: Decimal | undefined, type: DiscountType, field: string, m: Money): Decimal {
  if (value === undefined || value.isZero()) return ZERO;
  if (type === 'percent') {
    if (value.gt(HUNDRED)) throw invalidField(field, 'a percentage discount must be at most 100');
    return m.round(base.times(value).div(HUNDRED));
  }
  const fixed = m.round(value);
  if (fixed.gt(base))
    throw invalidField(field, `a fixed discount of ${fixed.toFixed(m.decimals)} exceeds the amount it applies to (${base.toFixed(m.decimals)})`);
  return fixed;
}

interface Taxable {
  base: Decimal;
  rate: Decimal;
}

/** A part of a tax rate levied separately (CGST and SGST at half the GST rate each). */
export interface TaxComponent {
  name: string;
  rate: Decimal;
}

export interface RateBreakdown {
  rate: Decimal;
  taxable: Decimal;
  tax: Decimal;
  components: { name: string; rate: Decimal; amount: Decimal }[];
}

/** Computes the whole invoice. Throws a 400 naming the field for discounts larger than what they apply to. */
export function computeInvoice(lines: readonly EngineLine[], options: InvoiceOptions, m: Money): InvoiceTotals {
  return computeInvoiceDetailed(lines, options, m).totals;
}

/**
 * The invoice with its per-rate breakdown. `components` splits a rate into separately levied parts, each
 * computed on the same taxable amount and rounded on its own (the line and rate tax is their sum).
 */
export function computeInvoiceDetailed(
  lines: readonly EngineLine[],
  options: InvoiceOptions,
  m: Money,
  components: (rate: Decimal) => TaxComponent[] = (rate) => [{ name: 'Tax', rate }],
): { totals: InvoiceTotals; breakdown: RateBreakdown[] } {
  const amounts = lines.map((l) => m.round(l.quantity.times(l.unitPrice)));
  const lineDiscounts = lines.map((l, i) => discountAmount(amounts[i] ?? ZERO, l.discount, l.discountType, `${l.field}.discount`, m));
  const afterLine = amounts.map((a, i) => a.minus(lineDiscounts[i] ?? ZERO));
  const afterLineSum = sum(afterLine);
  const invoiceDiscount = discountAmount(afterLineSum, options.discount, options.discountType, 'discount', m);
  const shares = allocate(invoiceDiscount, afterLine, m);
  const bases = afterLine.map((a, i) => a.minus(shares[i] ?? ZERO));

  const shipping = m.round(options.shipping ?? ZERO);
  const taxables: Taxable[] = lines.map((l, i) => ({ base: bases[i] ?? ZERO, rate: l.taxRate }));
  const shippingIndex = taxables.length;
  if (!shipping.isZero()) taxables.push({ base: shipping, rate: options.shippingTaxRate ?? ZERO });

  const lineTax: Decimal[] = taxables.map(() => ZERO);
  const groups = new Map<string, number[]>();
  for (const [i, t] of taxables.entries()) {
    const key = t.rate.toFixed();
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const breakdown: RateBreakdown[] = [];
  for (const members of groups.values()) {
    const rate = taxables[members[0] ?? 0]?.rate ?? ZERO;
    const groupBases = members.map((i) => taxables[i]?.base ?? ZERO);
    const parts = components(rate).map((c) => {
      // Inclusive prices: the part of the gross that is this component is gross × c / (100 + whole rate).
      const taxOf = (base: Decimal): Decimal => (options.pricesIncludeTax ? m.round(base.times(c.rate).div(HUNDRED.plus(rate))) : taxOnNet(base, c.rate, m));
      const perLine = options.taxCalculation === 'per-line' ? groupBases.map(taxOf) : allocate(taxOf(sum(groupBases)), groupBases, m);
      return { name: c.name, rate: c.rate, perLine };
    });
    members.forEach((i, k) => {
      lineTax[i] = sum(parts.map((p) => p.perLine[k] ?? ZERO));
    });
    const componentTotals = parts.map((p) => ({ name: p.name, rate: p.rate, amount: sum(p.perLine) }));
    const tax = sum(componentTotals.map((c) => c.amount));
    const basis = sum(groupBases);
    breakdown.push({ rate, taxable: options.pricesIncludeTax ? basis.minus(tax) : basis, tax, components: componentTotals });
  }
  breakdown.sort((a, b) => a.rate.comparedTo(b.rate));
  const taxes = breakdown;

  const netOf = (i: number): Decimal => {
    const base = taxables[i]?.base ?? ZERO;
    return options.pricesIncludeTax ? base.minus(lineTax[i] ?? ZERO) : base;
  };
  const netTotal = sum(taxables.map((_, i) => netOf(i)));
  const taxTotal = sum(taxes.map((t) => t.tax));
  const lineDiscountTotal = sum(lineDiscounts);

  const totals: InvoiceTotals = {
    lines: lines.map((l, i) => {
      const net = netOf(i);
      const tax = lineTax[i] ?? ZERO;
      return {
        line: i + 1,
        description: l.description,
        quantity: toNumber(l.quantity, 6),
        unitPrice: fmtPrice(l.unitPrice, m),
        amount: m.fmt(amounts[i] ?? ZERO),
        discount: m.fmt(lineDiscounts[i] ?? ZERO),
        invoiceDiscount: m.fmt(shares[i] ?? ZERO),
        netAmount: m.fmt(net),
        taxRate: toNumber(l.taxRate, 6),
        taxAmount: m.fmt(tax),
        total: m.fmt(net.plus(tax)),
      };
    }),
    subtotal: m.fmt(sum(amounts)),
    lineDiscountTotal: m.fmt(lineDiscountTotal),
    invoiceDiscount: m.fmt(invoiceDiscount),
    discountTotal: m.fmt(lineDiscountTotal.plus(invoiceDiscount)),
    shipping: m.fmt(shipping),
    shippingTaxAmount: m.fmt(shipping.isZero() ? ZERO : (lineTax[shippingIndex] ?? ZERO)),
    netTotal: m.fmt(netTotal),
    taxes: taxes.map((t) => ({ rate: toNumber(t.rate, 6), taxableAmount: m.fmt(t.taxable), taxAmount: m.fmt(t.tax) })),
    taxTotal: m.fmt(taxTotal),
    total: m.fmt(netTotal.plus(taxTotal)),
    pricesIncludeTax: options.pricesIncludeTax,
    taxCalculation: options.taxCalculation,
    ...m.meta(),
  };
  return { totals, breakdown };
}
