import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { Decimal, toNumber, ZERO } from '../../lib/money.ts';
import { dateField, toIso } from './lib/dates.ts';
import { labelField } from './lib/fields.ts';
import { type Finding, scoreOf, scoreOutput } from './lib/findings.ts';
import { gstinProblem, STATE_NAMES, UTGST_STATES } from './lib/india-gst.ts';
import { computeInvoiceDetailed, engineLines, invoiceOptions, invoiceTotalsShape, lineItemShape, MAX_ITEMS, type TaxComponent } from './lib/invoice.ts';
import { money, MONEY_NOTE, moneyOut } from './lib/money.ts';

/**
 * What each regime requires on a (full) tax invoice, checked field by field:
 * - eu-vat: Council Directive 2006/112/EC, Article 226 (number, issue date, supplier and customer names and
 *   addresses, supplier VAT number, customer VAT number where the customer is liable (reverse charge), description
 *   and quantity, taxable amount per rate, rate, VAT amount, "Reverse charge" mention, reference to an exemption).
 * - uk-vat: HMRC VAT Notice 700/21 "Keeping VAT records", full VAT invoice (number, time of supply, issue date,
 *   seller name/address/VAT number, customer name/address, description, rate, totals; VAT shown in sterling).
 * - india-gst: CGST Rules 2017, Rule 46 (serial number of at most 16 characters of letters, digits, "-" and "/",
 *   date, supplier name/address/GSTIN, recipient name/address/GSTIN if registered, HSN/SAC, taxable value, CGST/SGST
 *   or IGST rate and amount, place of supply for inter-state supplies, whether tax is payable on reverse charge).
 */
const REGIMES = ['generic', 'eu-vat', 'uk-vat', 'india-gst'] as const;
type Regime = (typeof REGIMES)[number];
const SUPPLY_TYPES = ['intra-state', 'inter-state'] as const;
type SupplyType = (typeof SUPPLY_TYPES)[number];

const stateCode = z
  .string()
  .regex(/^\d{2}$/, 'a 2-digit GST state code such as "27"')
  .refine((c) => STATE_NAMES[c] !== undefined, 'not a GST state code');

const party = (who: string) =>
  z
    .object({
      name: labelField(`${who} legal name`, 200).optional(),
      address: labelField(`${who} postal address`, 500).optional(),
      taxId: z.string().max(32, 'at most 32 characters').optional().describe(`${who} VAT number (EU/UK, with country prefix) or GSTIN (India)`),
      stateCode: stateCode.optional().describe('India: 2-digit GST state code (27 = Maharashtra); read from the GSTIN when omitted'),
    })
    .describe(`${who} details checked for completeness`);

const itemSchema = z.object({
  ...lineItemShape,
  code: z.string().max(20, 'at most 20 characters').optional().describe('HSN (goods) or SAC (services) code; required on Indian GST invoices'),
});

const legalTaxName: Record<Regime, string> = { generic: 'Tax', 'eu-vat': 'VAT', 'uk-vat': 'VAT', 'india-gst': 'GST' };

function compact(id: string): string {
  return id.toUpperCase().replace(/[\s.\-]/g, '');
}

/** Basic shape of a VAT identification number: 2-letter prefix + 2–13 characters (EU, XI) or GB forms. */
function vatIdProblem(id: string, regime: Regime): string | null {
  const v = compact(id);
  if (regime === 'uk-vat' && /^(GB|XI)/.test(v)) {
    return /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(v) ? null : 'a UK VAT number is GB followed by 9 or 12 digits (or GBGD/GBHA + 3 digits)';
  }
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(v) ? null : 'a VAT number starts with a 2-letter country prefix followed by 2–13 letters or digits';
}

export default defineTool({
  module: 'calculators',
  slug: 'tax-compliant-invoice-calculator',
  cpu: 'large-input',
  title: 'Tax-compliant invoice calculator',
  description:
    'Computes an invoice the way a tax invoice must show it and checks it against the rules of a regime: `eu-vat` (VAT ' +
    'Directive 2006/112/EC art. 226), `uk-vat` (HMRC VAT Notice 700/21), `india-gst` (CGST Rules 2017, rule 46) or ' +
    '`generic`. Totals as in invoice-total-calculator (line items with description, quantity, unitPrice, taxRate, ' +
    'discount; invoice discount; shipping; tax per rate), plus: India splits each rate into CGST + SGST/UTGST (intra-state) ' +
    'or IGST (inter-state), worked out from the GSTINs, state codes or place of supply; reverse charge (EU/UK: no VAT ' +
    'charged, "Reverse charge" legend; India: GST shown but payable by the recipient); the legends to print; and a ' +
    'compliance report of missing or malformed fields (score, findings with stable ids; GSTIN checksum verified). ' +
    `${MONEY_NOTE}`,
  keywords: [
    'tax invoice',
    'vat invoice',
    'gst invoice',
    'compliant invoice',
    'invoice requirements',
    'reverse charge',
    'cgst sgst igst',
    'gstin',
    'hsn',
    'article 226',
    'e-invoice check',
  ],
  input: () =>
    z.object({
      regime: z.enum(REGIMES).default('generic').describe('Rules to check against: generic (default), eu-vat, uk-vat, india-gst'),
      invoiceNumber: z.string().max(64, 'at most 64 characters').optional().describe('Unique sequential invoice number'),
      issueDate: dateField('Date of issue').optional(),
      supplyDate: dateField('Date of supply / tax point when it differs from the issue date').optional(),
      seller: party('Seller').optional(),
      buyer: party('Buyer').optional(),
      placeOfSupply: stateCode.optional().describe("India: 2-digit GST state code of the place of supply; default the buyer's state"),
      supplyType: z
        .enum(SUPPLY_TYPES)
        .optional()
        .describe('India: intra-state (CGST + SGST) or inter-state (IGST); worked out from the state codes when omitted'),
      reverseCharge: z.boolean().default(false).describe('true when the buyer accounts for the tax (reverse charge)'),
      exemptionReason: labelField('Legal reference for 0 % / exempt lines, e.g. "Article 135(1)(g) Directive 2006/112/EC"').optional(),
      items: z
        .array(itemSchema)
        .min(1, 'at least one line item')
        .max(MAX_ITEMS, `at most ${MAX_ITEMS} line items`)
        .describe('Invoice lines: {description, quantity? (default 1), unitPrice, taxRate?, discount?, discountType?, code? (HSN/SAC)}'),
      ...invoiceOptions,
    }),
  output: () =>
    z.object({
      regime: z.enum(REGIMES),
      invoiceNumber: z.string().nullable(),
      issueDate: z.string().nullable(),
      supplyDate: z.string().nullable(),
      ...invoiceTotalsShape,
      taxBreakdown: z
        .array(
          z.object({
            rate: z.number(),
            taxableAmount: moneyOut('Taxable amount at this rate'),
            taxAmount: moneyOut('Tax at this rate (sum of the components)'),
            components: z.array(z.object({ name: z.string(), rate: z.number(), amount: moneyOut('Component tax') })),
          }),
        )
        .describe('Tax per rate with its components (VAT; CGST + SGST/UTGST or IGST)'),
      supplyType: z.enum(SUPPLY_TYPES).nullable().describe('India only'),
      reverseCharge: z.boolean(),
      reverseChargeTax: moneyOut('India: GST the recipient pays under reverse charge (not collected by the seller); otherwise 0'),
      amountPayable: moneyOut('What the buyer pays the seller'),
      legends: z.array(z.string()).describe('Statements the invoice must print'),
      compliance: z.object({
        regime: z.enum(REGIMES),
        compliant: z.boolean().describe('No high-severity finding'),
        ...scoreOutput,
      }),
    }),
  examples: [
    {
      title: 'India: intra-state supply split into CGST + SGST',
      input: {
        regime: 'india-gst',
        invoiceNumber: 'INV/2024-25/001',
        issueDate: '2024-07-15',
        seller: { name: 'Acme Traders', address: 'Mumbai, Maharashtra', taxId: '27AAPFU0939F1ZV' },
        buyer: { name: 'Buyer Pvt Ltd', address: 'Pune, Maharashtra', stateCode: '27' },
        items: [{ description: 'Steel chairs', code: '9401', quantity: 10, unitPrice: 1500, taxRate: 18 }],
        currency: 'INR',
      },
      output: {
        regime: 'india-gst',
        invoiceNumber: 'INV/2024-25/001',
        issueDate: '2024-07-15',
        supplyDate: null,
        lines: [
          {
            line: 1,
            description: 'Steel chairs',
            quantity: 10,
            unitPrice: '1500.00',
            amount: '15000.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '15000.00',
            taxRate: 18,
            taxAmount: '2700.00',
            total: '17700.00',
          },
        ],
        subtotal: '15000.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '15000.00',
        taxes: [{ rate: 18, taxableAmount: '15000.00', taxAmount: '2700.00' }],
        taxTotal: '2700.00',
        total: '17700.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'INR',
        decimals: 2,
        rounding: 'half-up',
        taxBreakdown: [
          {
            rate: 18,
            taxableAmount: '15000.00',
            taxAmount: '2700.00',
            components: [
              { name: 'CGST', rate: 9, amount: '1350.00' },
              { name: 'SGST', rate: 9, amount: '1350.00' },
            ],
          },
        ],
        supplyType: 'intra-state',
        reverseCharge: false,
        reverseChargeTax: '0.00',
        amountPayable: '17700.00',
        legends: ['Tax payable on reverse charge: No'],
        compliance: {
          regime: 'india-gst',
          compliant: true,
          score: 97,
          scoreBreakdown: { checks: 13, passed: 12, high: 0, medium: 0, low: 1, info: 0 },
          findings: [
            {
              id: 'missing-buyer-tax-id',
              severity: 'low',
              title: 'No recipient GSTIN',
              evidence: 'buyer.taxId is empty',
              fix: "Add the recipient's GSTIN if the recipient is registered; leave it out for an unregistered (B2C) recipient",
            },
          ],
        },
      },
    },
    {
      title: 'EU: intra-community B2B supply under reverse charge',
      input: {
        regime: 'eu-vat',
        invoiceNumber: '2024-0042',
        issueDate: '2024-03-01',
        seller: { name: 'Muster GmbH', address: 'Hauptstr. 1, 10115 Berlin, DE', taxId: 'DE123456789' },
        buyer: { name: 'Client SARL', address: '1 rue de Paris, 75001 Paris, FR', taxId: 'FR12345678901' },
        items: [{ description: 'Consulting (hours)', quantity: 8, unitPrice: 120, taxRate: 19 }],
        reverseCharge: true,
        currency: 'EUR',
      },
      output: {
        regime: 'eu-vat',
        invoiceNumber: '2024-0042',
        issueDate: '2024-03-01',
        supplyDate: null,
        lines: [
          {
            line: 1,
            description: 'Consulting (hours)',
            quantity: 8,
            unitPrice: '120.00',
            amount: '960.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '960.00',
            taxRate: 0,
            taxAmount: '0.00',
            total: '960.00',
          },
        ],
        subtotal: '960.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '960.00',
        taxes: [{ rate: 0, taxableAmount: '960.00', taxAmount: '0.00' }],
        taxTotal: '0.00',
        total: '960.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'EUR',
        decimals: 2,
        rounding: 'half-up',
        taxBreakdown: [{ rate: 0, taxableAmount: '960.00', taxAmount: '0.00', components: [{ name: 'VAT', rate: 0, amount: '0.00' }] }],
        supplyType: null,
        reverseCharge: true,
        reverseChargeTax: '0.00',
        amountPayable: '960.00',
        legends: ['Reverse charge'],
        compliance: {
          regime: 'eu-vat',
          compliant: true,
          score: 100,
          scoreBreakdown: { checks: 10, passed: 10, high: 0, medium: 0, low: 0, info: 1 },
          findings: [
            {
              id: 'reverse-charge-rates-ignored',
              severity: 'info',
              title: 'Line tax rates not charged under reverse charge',
              evidence: 'rates 19 % given; VAT charged 0',
              fix: 'None needed: the buyer accounts for the VAT at its own rate',
            },
          ],
        },
      },
    },
    {
      title: 'UK: incomplete invoice in a foreign currency',
      input: {
        regime: 'uk-vat',
        seller: { name: 'Widgets Ltd', taxId: 'GB12345' },
        items: [{ quantity: 2, unitPrice: 50, taxRate: 20 }],
        currency: 'USD',
      },
      output: {
        regime: 'uk-vat',
        invoiceNumber: null,
        issueDate: null,
        supplyDate: null,
        lines: [
          {
            line: 1,
            description: null,
            quantity: 2,
            unitPrice: '50.00',
            amount: '100.00',
            discount: '0.00',
            invoiceDiscount: '0.00',
            netAmount: '100.00',
            taxRate: 20,
            taxAmount: '20.00',
            total: '120.00',
          },
        ],
        subtotal: '100.00',
        lineDiscountTotal: '0.00',
        invoiceDiscount: '0.00',
        discountTotal: '0.00',
        shipping: '0.00',
        shippingTaxAmount: '0.00',
        netTotal: '100.00',
        taxes: [{ rate: 20, taxableAmount: '100.00', taxAmount: '20.00' }],
        taxTotal: '20.00',
        total: '120.00',
        pricesIncludeTax: false,
        taxCalculation: 'per-rate',
        currency: 'USD',
        decimals: 2,
        rounding: 'half-up',
        taxBreakdown: [{ rate: 20, taxableAmount: '100.00', taxAmount: '20.00', components: [{ name: 'VAT', rate: 20, amount: '20.00' }] }],
        supplyType: null,
        reverseCharge: false,
        reverseChargeTax: '0.00',
        amountPayable: '120.00',
        legends: [],
        compliance: {
          regime: 'uk-vat',
          compliant: false,
          score: 0,
          scoreBreakdown: { checks: 10, passed: 2, high: 7, medium: 1, low: 0, info: 0 },
          findings: [
            {
              id: 'missing-invoice-number',
              severity: 'high',
              title: 'No invoice number',
              evidence: 'invoiceNumber is empty',
              fix: 'Give the invoice a unique number from a sequential series',
            },
            {
              id: 'missing-issue-date',
              severity: 'high',
              title: 'No date of issue',
              evidence: 'issueDate is empty',
              fix: 'Add the date the invoice is issued (YYYY-MM-DD)',
            },
            {
              id: 'missing-seller-address',
              severity: 'high',
              title: 'No seller address',
              evidence: 'seller.address is empty',
              fix: "Add the seller's full postal address",
            },
            {
              id: 'invalid-seller-tax-id',
              severity: 'high',
              title: 'Seller VAT number is malformed',
              evidence: 'GB12345: a UK VAT number is GB followed by 9 or 12 digits (or GBGD/GBHA + 3 digits)',
              fix: "Correct the seller's VAT number",
            },
            { id: 'missing-buyer-name', severity: 'high', title: 'No buyer name', evidence: 'buyer.name is empty', fix: "Add the buyer's full legal name" },
            {
              id: 'missing-buyer-address',
              severity: 'high',
              title: 'No buyer address',
              evidence: 'buyer.address is empty',
              fix: "Add the buyer's full postal address",
            },
            {
              id: 'missing-line-description',
              severity: 'high',
              title: 'Line without a description',
              evidence: 'items.0.description is empty',
              fix: 'Describe the goods or services on every line',
            },
            {
              id: 'vat-not-in-gbp',
              severity: 'medium',
              title: 'VAT not shown in sterling',
              evidence: 'currency is USD',
              fix: 'Also show the total VAT converted to GBP (HMRC VAT Notice 700/21)',
            },
          ],
        },
      },
    },
  ],
  run: (input) => {
    const m = money(input);
    const regime = input.regime;
    const findings: Finding[] = [];
    let checks = 0;
    const strict = regime !== 'generic';
    const check = (ok: boolean, finding: () => Finding): void => {
      checks += 1;
      if (!ok) findings.push(finding());
    };
    const required = (value: string | undefined, id: string, title: string, field: string, fix: string, severity: Finding['severity']): void =>
      check(value !== undefined && value.trim() !== '', () => ({ id, severity, title, evidence: `${field} is empty`, fix }));

    // India: which states, hence CGST + SGST/UTGST or IGST.
    const sellerGstin = input.seller?.taxId ? compact(input.seller.taxId) : undefined;
    const buyerGstin = input.buyer?.taxId ? compact(input.buyer.taxId) : undefined;
    const stateFromGstin = (g: string | undefined): string | undefined => (g && /^\d{2}/.test(g) && STATE_NAMES[g.slice(0, 2)] ? g.slice(0, 2) : undefined);
    const sellerState = input.seller?.stateCode ?? stateFromGstin(sellerGstin);
    const supplyState = input.placeOfSupply ?? input.buyer?.stateCode ?? stateFromGstin(buyerGstin);
    let supplyType: SupplyType | null = null;
    if (regime === 'india-gst') {
      supplyType = input.supplyType ?? (sellerState && supplyState ? (sellerState === supplyState ? 'intra-state' : 'inter-state') : 'intra-state');
    }
    const components = (rate: Decimal): TaxComponent[] => {
      if (regime !== 'india-gst') return [{ name: legalTaxName[regime], rate }];
      if (supplyType === 'inter-state') return [{ name: 'IGST', rate }];
      const half = rate.div(2);
      return [
        { name: 'CGST', rate: half },
        { name: supplyState && UTGST_STATES.has(supplyState) ? 'UTGST' : 'SGST', rate: half },
      ];
    };

    // EU/UK/generic reverse charge: the seller charges no tax at all.
    const zeroRated = input.reverseCharge && regime !== 'india-gst';
    const lines = engineLines(input.items, input.taxRate).map((l) => (zeroRated ? { ...l, taxRate: ZERO } : l));
    const options = zeroRated ? { ...input, shippingTaxRate: ZERO } : input;
    const { totals, breakdown } = computeInvoiceDetailed(lines, options, m, components);
    const taxTotal = new Decimal(totals.taxTotal);
    const rcTax = input.reverseCharge && regime === 'india-gst' ? taxTotal : ZERO;

    // The checks.
    const high = strict ? 'high' : 'medium';
    required(
      input.invoiceNumber,
      'missing-invoice-number',
      'No invoice number',
      'invoiceNumber',
      'Give the invoice a unique number from a sequential series',
      high,
    );
    if (regime === 'india-gst' && input.invoiceNumber) {
      check(/^[A-Za-z0-9/-]{1,16}$/.test(input.invoiceNumber), () => ({
        id: 'invalid-invoice-number',
        severity: 'high',
        title: 'Invoice number not allowed under rule 46(b)',
        evidence: `${input.invoiceNumber}: at most 16 characters of letters, digits, "-" and "/"`,
        fix: 'Use a serial number of at most 16 characters made of letters, digits, "-" and "/"',
      }));
    }
    check(input.issueDate !== undefined, () => ({
      id: 'missing-issue-date',
      severity: high,
      title: 'No date of issue',
      evidence: 'issueDate is empty',
      fix: 'Add the date the invoice is issued (YYYY-MM-DD)',
    }));
    required(input.seller?.name, 'missing-seller-name', 'No seller name', 'seller.name', "Add the seller's full legal name", high);
    required(
      input.seller?.address,
      'missing-seller-address',
      'No seller address',
      'seller.address',
      "Add the seller's full postal address",
      strict ? 'high' : 'low',
    );
    const taxIdName = regime === 'india-gst' ? 'GSTIN' : 'VAT number';
    if (strict) {
      required(input.seller?.taxId, 'missing-seller-tax-id', `No seller ${taxIdName}`, 'seller.taxId', `Add the seller's ${taxIdName}`, 'high');
      const taxIdProblem = (id: string): string | null => (regime === 'india-gst' ? gstinProblem(compact(id)) : vatIdProblem(id, regime));
      const wellFormed = (party: 'seller' | 'buyer', label: string, severity: 'high' | 'medium', taxId: string): void => {
        const problem = taxIdProblem(taxId);
        check(problem === null, () => ({
          id: `invalid-${party}-tax-id`,
          severity,
          title: `${label} ${taxIdName} is malformed`,
          evidence: `${taxId}: ${problem}`,
          fix: `Correct the ${party}'s ${taxIdName}`,
        }));
      };
      if (input.seller?.taxId) wellFormed('seller', 'Seller', 'high', input.seller.taxId);
      if (input.buyer?.taxId) wellFormed('buyer', 'Buyer', 'medium', input.buyer.taxId);
      else if (regime === 'india-gst') {
        check(false, () => ({
          id: 'missing-buyer-tax-id',
          severity: 'low',
          title: 'No recipient GSTIN',
          evidence: 'buyer.taxId is empty',
          fix: "Add the recipient's GSTIN if the recipient is registered; leave it out for an unregistered (B2C) recipient",
        }));
      } else if (input.reverseCharge) {
        check(false, () => ({
          id: 'missing-buyer-tax-id',
          severity: 'high',
          title: 'No buyer VAT number under reverse charge',
          evidence: 'buyer.taxId is empty and reverseCharge is true',
          fix: "Add the buyer's VAT number: it is required when the buyer accounts for the VAT",
        }));
      }
    }
    required(input.buyer?.name, 'missing-buyer-name', 'No buyer name', 'buyer.name', "Add the buyer's full legal name", high);
    if (strict) required(input.buyer?.address, 'missing-buyer-address', 'No buyer address', 'buyer.address', "Add the buyer's full postal address", 'high');
    const undescribed = input.items.findIndex((item) => !item.description || item.description.trim() === '');
    check(undescribed < 0, () => ({
      id: 'missing-line-description',
      severity: high,
      title: 'Line without a description',
      evidence: `items.${undescribed}.description is empty`,
      fix: 'Describe the goods or services on every line',
    }));

    if (regime === 'india-gst') {
      const uncoded = input.items.findIndex((item) => !item.code || item.code.trim() === '');
      check(uncoded < 0, () => ({
        id: 'missing-hsn-code',
        severity: 'medium',
        title: 'Line without an HSN/SAC code',
        evidence: `items.${uncoded}.code is empty`,
        fix: 'Add the HSN (goods) or SAC (services) code: 4 digits up to ₹5 crore turnover, 6 digits above',
      }));
      check(Boolean(sellerState && supplyState) || input.supplyType !== undefined, () => ({
        id: 'supply-type-undetermined',
        severity: 'medium',
        title: 'Place of supply unknown',
        evidence: 'neither the states (seller and place of supply) nor supplyType are given; CGST + SGST assumed',
        fix: "Give placeOfSupply (or the buyer's state or GSTIN) and the seller's GSTIN",
      }));
      if (input.supplyType && sellerState && supplyState) {
        const derived = sellerState === supplyState ? 'intra-state' : 'inter-state';
        check(derived === input.supplyType, () => ({
          id: 'supply-type-mismatch',
          severity: 'high',
          title: 'Supply type contradicts the states',
          evidence: `seller state ${sellerState}, place of supply ${supplyState} make it ${derived}, but supplyType is ${input.supplyType}`,
          fix: 'Correct supplyType or the state codes',
        }));
      }
    }
    if (regime === 'uk-vat') {
      check(m.currency === null || m.currency === 'GBP', () => ({
        id: 'vat-not-in-gbp',
        severity: 'medium',
        title: 'VAT not shown in sterling',
        evidence: `currency is ${m.currency}`,
        fix: 'Also show the total VAT converted to GBP (HMRC VAT Notice 700/21)',
      }));
    }
    if (strict && !input.reverseCharge) {
      const hasZero = lines.some((l) => l.taxRate.isZero());
      if (hasZero) {
        check(input.exemptionReason !== undefined && input.exemptionReason.trim() !== '', () => ({
          id: 'missing-exemption-reason',
          severity: regime === 'eu-vat' ? 'medium' : 'low',
          title: 'Zero-rate line without an exemption reference',
          evidence: 'a line has tax rate 0 and exemptionReason is empty',
          fix: 'State why no tax is charged (the exemption provision or "zero-rated")',
        }));
      }
    }
    if (zeroRated) {
      const given = [
        ...new Set(
          engineLines(input.items, input.taxRate)
            .filter((l) => !l.taxRate.isZero())
            .map((l) => `${toNumber(l.taxRate, 6)} %`),
        ),
      ];
      if (given.length > 0) {
        findings.push({
          id: 'reverse-charge-rates-ignored',
          severity: 'info',
          title: 'Line tax rates not charged under reverse charge',
          evidence: `rates ${given.join(', ')} given; VAT charged 0`,
          fix: 'None needed: the buyer accounts for the VAT at its own rate',
        });
      }
    }

    const legends: string[] = [];
    if (regime === 'india-gst') legends.push(`Tax payable on reverse charge: ${input.reverseCharge ? 'Yes' : 'No'}`);
    else if (input.reverseCharge) legends.push(regime === 'uk-vat' ? 'Reverse charge: customer to account for the VAT to HMRC' : 'Reverse charge');
    if (regime === 'india-gst' && supplyType === 'inter-state' && supplyState) legends.push(`Place of supply: ${STATE_NAMES[supplyState]} (${supplyState})`);
    if (input.exemptionReason && input.exemptionReason.trim() !== '') legends.push(input.exemptionReason.trim());

    const score = scoreOf(findings, checks);
    return {
      regime,
      invoiceNumber: input.invoiceNumber ?? null,
      issueDate: input.issueDate === undefined ? null : toIso(input.issueDate),
      supplyDate: input.supplyDate === undefined ? null : toIso(input.supplyDate),
      ...totals,
      taxBreakdown: breakdown.map((b) => ({
        rate: toNumber(b.rate, 6),
        taxableAmount: m.fmt(b.taxable),
        taxAmount: m.fmt(b.tax),
        components: b.components.map((c) => ({ name: c.name, rate: toNumber(c.rate, 6), amount: m.fmt(c.amount) })),
      })),
      supplyType,
      reverseCharge: input.reverseCharge,
      reverseChargeTax: m.fmt(rcTax),
      amountPayable: m.fmt(new Decimal(totals.total).minus(rcTax)),
      legends,
      compliance: { regime, compliant: !findings.some((f) => f.severity === 'high'), ...score },
    };
  },
});
