import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { expectBadRequest, expectNoServerError, run } from '../../../test/helpers/invoke.ts';
import { moduleTools } from '../../../test/helpers/module-tools.ts';
import type { AnyTool } from '../../registry/define-tool.ts';
import { calculatorsTools } from './index.ts';
import { currencyInfo } from './lib/currencies.ts';
import { Decimal } from '../../lib/money.ts';
import { gstinCheckChar, gstinProblem } from './lib/india-gst.ts';
import { allocate, money } from './lib/money.ts';
import { parseTerms } from './payment-due-date-calculator.ts';

/** Edge cases and pinned figures beyond the examples (which test/examples.test.ts sends over HTTP). */

type Result = Record<string, unknown>;

const { tool, result: calc, outcome } = moduleTools(calculatorsTools);

async function warnings(slug: string, input: unknown): Promise<string[]> {
  return (await outcome(slug, input)).warnings;
}

const bad = (slug: string, input: unknown, field: string): Promise<void> => expectBadRequest(tool(slug), input, field);

test('the module lists its 20 catalog slugs, each once', () => {
  const slugs = calculatorsTools.map((t) => t.slug);
  assert.equal(new Set(slugs).size, slugs.length);
  assert.deepEqual(slugs, [
    'gst-calculator',
    'vat-calculator',
    'invoice-total-calculator',
    'discount-calculator',
    'profit-margin-calculator',
    'markup-calculator',
    'freelancer-hourly-rate-calculator',
    'salary-to-hourly-converter',
    'payment-due-date-calculator',
    'emi-calculator',
    'simple-interest-calculator',
    'compound-interest-calculator',
    'break-even-calculator',
    'cost-plus-pricing-calculator',
    'currency-converter',
    'tax-compliant-invoice-calculator',
    'credit-note-calculator',
    'debit-note-calculator',
    'recurring-invoice-calculator',
    'timesheet-invoice-calculator',
  ]);
});

describe('decimal money', () => {
  test('0.1 plus 20 % tax is exactly 0.12, as number or string', async () => {
    for (const amount of [0.1, '0.1', '0.10']) {
      const r = await calc('vat-calculator', { amount, rate: 20 });
      assert.equal(r.grossAmount, '0.12');
      assert.equal(r.taxAmount, '0.02');
    }
    // 0.1 + 0.2 in binary floating point is 0.30000000000000004.
    const inv = await calc<{ subtotal: string }>('invoice-total-calculator', { items: [{ unitPrice: 0.1 }, { unitPrice: 0.2 }] });
    assert.equal(inv.subtotal, '0.30');
  });

  test('half-up rounding of 1.005 gives 1.01 (binary floating point gives 1.00)', async () => {
    assert.equal((1.005).toFixed(2), '1.00'); // the float trap this module avoids
    const r = await calc('vat-calculator', { amount: 1.005, rate: 0 });
    assert.equal(r.netAmount, '1.01');
  });

  test('rounding modes and decimals', () => {
    const v = new Decimal('0.125');
    assert.equal(money({ rounding: 'half-up' }).fmt(v), '0.13');
    assert.equal(money({ rounding: 'half-even' }).fmt(v), '0.12');
    assert.equal(money({ rounding: 'half-even' }).fmt(new Decimal('0.135')), '0.14');
    assert.equal(money({ rounding: 'half-down' }).fmt(v), '0.12');
    assert.equal(money({ rounding: 'down' }).fmt(new Decimal('0.129')), '0.12');
    assert.equal(money({ rounding: 'up' }).fmt(new Decimal('0.121')), '0.13');
    assert.equal(money({ rounding: 'floor' }).fmt(new Decimal('-0.121')), '-0.13');
    assert.equal(money({ rounding: 'ceiling' }).fmt(new Decimal('-0.129')), '-0.12');
    assert.equal(money({ decimals: 4 }).fmt(new Decimal('1.23456')), '1.2346');
    assert.equal(money({}).fmt(new Decimal('-0.001')), '0.00', 'never -0.00');
  });

  test('ISO 4217 minor units: JPY 0, KWD 3, CLF 4; metals have none and default to 2', async () => {
    assert.equal(money({ currency: 'JPY' }).decimals, 0);
    assert.equal(money({ currency: 'KWD' }).decimals, 3);
    assert.equal(money({ currency: 'BHD' }).decimals, 3);
    assert.equal(money({ currency: 'CLF' }).decimals, 4);
    assert.equal(money({ currency: 'XAU' }).decimals, 2);
    assert.equal(currencyInfo('xau')?.minorUnit, null);
    assert.equal(currencyInfo('EUR')?.minorUnit, 2);
    assert.equal(currencyInfo('XCG')?.minorUnit, 2);
    const yen = await calc('vat-calculator', { amount: 1234, rate: 10, currency: 'jpy' });
    assert.deepEqual([yen.netAmount, yen.taxAmount, yen.grossAmount, yen.currency], ['1234', '123', '1357', 'JPY']);
    const overridden = await calc('vat-calculator', { amount: 1234, rate: 10, currency: 'JPY', decimals: 2 });
    assert.equal(overridden.taxAmount, '123.40');
  });

  test('unknown currency codes are a 400 naming the field', async () => {
    await bad('vat-calculator', { amount: 1, rate: 1, currency: 'XYZ' }, 'currency');
    await bad('vat-calculator', { amount: 1, rate: 1, currency: 'EURO' }, 'currency');
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'ABC', rate: 2 }, 'to');
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'EUR', rates: { QQQ: 2, EUR: 1 } }, 'rates.QQQ');
  });

  test('allocation splits a rounded total exactly in proportion', () => {
    const m = money({});
    const parts = allocate(new Decimal('10.00'), [new Decimal(1), new Decimal(1), new Decimal(1)], m);
    assert.deepEqual(
      parts.map((p) => p.toFixed(2)),
      ['3.34', '3.33', '3.33'],
    );
    const zero = allocate(new Decimal('0.05'), [new Decimal(0), new Decimal(0)], m);
    assert.deepEqual(
      zero.map((p) => p.toFixed(2)),
      ['0.03', '0.02'],
    );
  });
});

describe('tax calculators', () => {
  test('GST inclusive split into CGST + SGST adds up and uses UTGST names when asked', async () => {
    const r = await calc<{ netAmount: string; taxAmount: string; grossAmount: string; components: { name: string; amount: string }[] }>('gst-calculator', {
      amount: 105,
      rate: 5,
      mode: 'inclusive',
      split: 'cgst-utgst',
    });
    assert.deepEqual(
      r.components.map((c) => c.name),
      ['CGST', 'UTGST'],
    );
    assert.equal(new Decimal(r.netAmount).plus(r.taxAmount).toFixed(2), r.grossAmount);
    assert.equal(r.taxAmount, '5.00');
  });

  test('odd paise: each half is rounded on its own and the GST is their sum', async () => {
    // 100.05 × 9 % = 9.00450 → 9.00 per half; a single 18 % figure would be 18.01.
    const r = await calc<{ taxAmount: string; components: { amount: string }[] }>('gst-calculator', { amount: '100.05', rate: 18, split: 'cgst-sgst' });
    assert.deepEqual(
      r.components.map((c) => c.amount),
      ['9.00', '9.00'],
    );
    assert.equal(r.taxAmount, '18.00');
    const single = await calc('gst-calculator', { amount: '100.05', rate: 18 });
    assert.equal(single.taxAmount, '18.01');
  });

  test('VAT inclusive: 1/6 of a 20 % gross price', async () => {
    const r = await calc('vat-calculator', { amount: 120, rate: 20, mode: 'inclusive' });
    assert.deepEqual([r.netAmount, r.taxAmount], ['100.00', '20.00']);
  });

  test('mode must be exclusive or inclusive', async () => {
    await bad('vat-calculator', { amount: 1, rate: 20, mode: 'add' }, 'mode');
    await bad('gst-calculator', { amount: 1, rate: 101 }, 'rate');
  });
});

describe('invoice engine', () => {
  test('per-line vs per-rate tax rounding', async () => {
    const items = [
      { unitPrice: 0.05, taxRate: 10 },
      { unitPrice: 0.05, taxRate: 10 },
      { unitPrice: 0.05, taxRate: 10 },
    ];
    const perRate = await calc('invoice-total-calculator', { items });
    const perLine = await calc('invoice-total-calculator', { items, taxCalculation: 'per-line' });
    assert.equal(perRate.taxTotal, '0.02'); // 0.15 × 10 % = 0.015 → 0.02
    assert.equal(perLine.taxTotal, '0.03'); // 3 × (0.005 → 0.01)
  });

  test('lines always add up to the totals', async () => {
    const r = await calc<{
      lines: { netAmount: string; taxAmount: string; total: string }[];
      netTotal: string;
      taxTotal: string;
      total: string;
      shipping: string;
      shippingTaxAmount: string;
    }>('invoice-total-calculator', {
      items: [
        { quantity: 3, unitPrice: '19.99', taxRate: 19 },
        { quantity: '1.5', unitPrice: '33.33', taxRate: 7, discount: 12.5 },
        { quantity: 7, unitPrice: '0.99', taxRate: 19, discount: 1, discountType: 'fixed' },
      ],
      discount: 3.3,
      shipping: 5.95,
      shippingTaxRate: 19,
    });
    const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);
    assert.equal(sum([...r.lines.map((l) => l.netAmount), r.shipping]), r.netTotal);
    assert.equal(sum([...r.lines.map((l) => l.taxAmount), r.shippingTaxAmount]), r.taxTotal);
    assert.equal(new Decimal(r.netTotal).plus(r.taxTotal).toFixed(2), r.total);
  });

  test('discounts larger than what they apply to are a 400 naming the field', async () => {
    await bad('invoice-total-calculator', { items: [{ unitPrice: 10, discount: 11, discountType: 'fixed' }] }, 'items.0.discount');
    await bad('invoice-total-calculator', { items: [{ unitPrice: 10, discount: 101 }] }, 'items.0.discount');
    await bad('invoice-total-calculator', { items: [{ unitPrice: 10 }], discount: 20, discountType: 'fixed' }, 'discount');
    await bad('invoice-total-calculator', { items: [] }, 'items');
    await bad('invoice-total-calculator', { items: [{ quantity: 2 }] }, 'items.0.unitPrice');
  });

  test('overpayment is allowed with a warning', async () => {
    const { result, warnings: w } = await run(tool('invoice-total-calculator'), { items: [{ unitPrice: 10 }], amountPaid: 12 });
    assert.equal((result as Result).amountDue, '-2.00');
    assert.match(w.join(' '), /overpaid/);
  });

  test('credit notes cannot exceed what remains of the invoice', async () => {
    await bad('credit-note-calculator', { originalAmount: 100, amount: 90, rate: 20 }, 'amount');
    await bad('credit-note-calculator', { originalAmount: 100, previouslyCredited: 150, amount: 1 }, 'previouslyCredited');
    await bad('credit-note-calculator', { originalAmount: 100 }, 'items');
    await bad('credit-note-calculator', { items: [{ unitPrice: 1 }], amount: 1 }, 'amount');
    const full = await calc('credit-note-calculator', { originalAmount: 120, amount: 100, rate: 20 });
    assert.deepEqual([full.remainingBalance, full.fullyCredited, full.signedTotal], ['0.00', true, '-120.00']);
  });

  test('debit note needs originalAmount and works with items', async () => {
    await bad('debit-note-calculator', { amount: 10 }, 'originalAmount');
    const r = await calc('debit-note-calculator', { inputs: { originalAmount: '0', items: [{ unitPrice: 5 }] } });
    assert.deepEqual([r.debitTotal, r.revisedAmount, r.increasePercent], ['5.00', '5.00', null]);
  });

  test('tax-compliant invoice: inter-state India supply uses IGST and names the place of supply', async () => {
    const r = await calc<{
      supplyType: string;
      taxBreakdown: { components: { name: string; amount: string }[] }[];
      legends: string[];
      compliance: { findings: { id: string }[] };
    }>('tax-compliant-invoice-calculator', {
      regime: 'india-gst',
      invoiceNumber: 'A-1',
      issueDate: '2024-08-01',
      seller: { name: 'S', address: 'Mumbai', taxId: '27AAPFU0939F1ZV' },
      buyer: { name: 'B', address: 'Bengaluru', taxId: '29AAGCB7383J1Z4' },
      items: [{ description: 'Service', code: '998314', unitPrice: 10000, taxRate: 18 }],
    });
    assert.equal(r.supplyType, 'inter-state');
    assert.deepEqual(r.taxBreakdown[0]?.components, [{ name: 'IGST', rate: 18, amount: '1800.00' }]);
    assert.ok(r.legends.includes('Place of supply: Karnataka (29)'));
    assert.deepEqual(r.compliance.findings, []);
  });

  test('tax-compliant invoice: a wrong GSTIN check character and a long invoice number are high findings', async () => {
    const r = await calc<{ compliance: { compliant: boolean; findings: { id: string; severity: string }[] } }>('tax-compliant-invoice-calculator', {
      regime: 'india-gst',
      invoiceNumber: 'INVOICE-2024-000001',
      issueDate: '2024-08-01',
      seller: { name: 'S', address: 'A', taxId: '27AAPFU0939F1ZA' },
      buyer: { name: 'B', address: 'A', stateCode: '27' },
      items: [{ description: 'x', code: '1234', unitPrice: 1, taxRate: 5 }],
    });
    assert.equal(r.compliance.compliant, false);
    const ids = r.compliance.findings.map((f) => f.id);
    assert.ok(ids.includes('invalid-seller-tax-id') && ids.includes('invalid-invoice-number'), ids.join());
  });

  test('tax-compliant invoice: India reverse charge shows the GST but the buyer pays only the net', async () => {
    const r = await calc('tax-compliant-invoice-calculator', {
      regime: 'india-gst',
      reverseCharge: true,
      items: [{ description: 'Legal services', unitPrice: 1000, taxRate: 18 }],
    });
    assert.deepEqual([r.taxTotal, r.reverseChargeTax, r.amountPayable], ['180.00', '180.00', '1000.00']);
    assert.ok((r.legends as string[]).includes('Tax payable on reverse charge: Yes'));
  });

  test('recurring invoices refuse an endDate before the start', async () => {
    await bad('recurring-invoice-calculator', { items: [{ unitPrice: 1 }], startDate: '2024-05-01', endDate: '2024-04-01' }, 'endDate');
    await bad('recurring-invoice-calculator', { items: [{ unitPrice: 1 }], frequency: 'daily', startDate: '2024-01-01', endDate: '2030-01-01' }, 'endDate');
  });

  test('recurring invoice without startDate starts today (ctx.now)', async () => {
    const r = await calc<{ firstIssueDate: string; occurrences: number }>(
      'recurring-invoice-calculator',
      { items: [{ unitPrice: 1 }] },
      new Date('2025-03-31T23:30:00Z'),
    );
    assert.equal(r.firstIssueDate, '2025-03-31');
    assert.equal(r.occurrences, 12);
  });

  test('timesheet entries need exactly one kind of duration and a rate', async () => {
    await bad('timesheet-invoice-calculator', { entries: [{ description: 'x' }], hourlyRate: 10 }, 'entries.0.hours');
    await bad('timesheet-invoice-calculator', { entries: [{ hours: 1, minutes: 60 }], hourlyRate: 10 }, 'entries.0.hours');
    await bad('timesheet-invoice-calculator', { entries: [{ start: '09:00' }], hourlyRate: 10 }, 'entries.0.end');
    await bad('timesheet-invoice-calculator', { entries: [{ start: '09:00', end: '09:30', breakMinutes: 45 }], hourlyRate: 10 }, 'entries.0.breakMinutes');
    await bad('timesheet-invoice-calculator', { entries: [{ start: '9am', end: '10:00' }], hourlyRate: 10 }, 'entries.0.start');
    await bad('timesheet-invoice-calculator', { entries: [{ hours: 1 }] }, 'hourlyRate');
  });

  test("timesheet spans through 24:00: 00:00–24:00 is 24 hours, 24:00–00:00 none (ISO 8601: 24:00 is the next day's 00:00)", async () => {
    const r = await calc<{ totalHours: unknown }>('timesheet-invoice-calculator', { hourlyRate: 100, entries: [{ start: '00:00', end: '24:00' }] });
    assert.equal(Number(r.totalHours), 24);
    await bad('timesheet-invoice-calculator', { hourlyRate: 100, entries: [{ start: '24:00', end: '00:00' }] }, 'entries.0.end');
  });

  test('timesheet increments: 7 minutes bills 15 up, 0 down, 6 to the nearest 6', async () => {
    const billed = async (timeRounding: string, timeIncrement: number) =>
      (await calc<{ billedHours: number }>('timesheet-invoice-calculator', { entries: [{ minutes: 7 }], hourlyRate: 60, timeIncrement, timeRounding }))
        .billedHours;
    assert.equal(await billed('up', 15), 0.25);
    assert.equal(await billed('down', 15), 0);
    assert.equal(await billed('nearest', 6), 0.1);
  });
});

describe('pricing calculators', () => {
  test("margin and markup are each other's inverse", async () => {
    // 25 % margin = 33.33 % markup; 50 % markup = 33.33 % margin (standard conversions m = k / (1 + k), k = m / (1 − m)).
    assert.equal((await calc('profit-margin-calculator', { margin: 25 })).markupPercent, 33.3333);
    assert.equal((await calc('markup-calculator', { markup: 50 })).marginPercent, 33.3333);
  });

  test('a sale below cost gives a negative profit and margin', async () => {
    const r = await calc('profit-margin-calculator', { cost: 120, price: 100 });
    assert.deepEqual([r.profit, r.marginPercent, r.markupPercent], ['-20.00', -20, -16.6667]);
  });

  test('impossible combinations are a 400 naming the field', async () => {
    await bad('profit-margin-calculator', { cost: 10, margin: 100 }, 'margin');
    await bad('profit-margin-calculator', { cost: 10, price: 0 }, 'price');
    await bad('profit-margin-calculator', { cost: 10 }, 'price');
    await bad('profit-margin-calculator', { cost: 1, price: 2, margin: 3 }, 'margin');
    await bad('markup-calculator', { cost: 0, price: 5 }, 'cost');
    await bad('discount-calculator', { price: 10 }, 'discount');
    await bad('discount-calculator', { price: 10, salePrice: 12 }, 'salePrice');
    await bad(
      'discount-calculator',
      {
        price: 10,
        discounts: [
          { value: 8, type: 'fixed' },
          { value: 3, type: 'fixed' },
        ],
      },
      'discounts.1.value',
    );
    await bad('cost-plus-pricing-calculator', { markup: 10 }, 'unitCost');
    await bad('cost-plus-pricing-calculator', { unitCost: 1, markup: 10, quantity: 0 }, 'quantity');
  });

  test('cost-plus: the total cost is the fixed costs plus the variable costs of the quantity, not the rounded unit cost times it', async () => {
    // 100 of fixed costs over 3 units: each unit's share rounds to 33.33, but the three units cost 100.00 (0 + 100).
    const r = await calc('cost-plus-pricing-calculator', { unitCost: 0, fixedCosts: 100, quantity: 3, markup: 0 });
    assert.deepEqual([r.unitCost, r.unitPrice, r.totalCost, r.totalRevenue, r.totalProfit], ['33.33', '33.33', '100.00', '99.99', '-0.01']);
  });

  test('break-even: textbook figure and a zero contribution margin', async () => {
    // Fixed 10,000 / (45 − 25) = 500 units; 500 × 45 = 22,500 (contribution-margin formula, any managerial accounting text).
    const r = await calc('break-even-calculator', { fixedCosts: 10000, variableCostPerUnit: 25, pricePerUnit: 45 });
    assert.deepEqual([r.breakEvenUnits, r.breakEvenRevenue], [500, '22500.00']);
    await bad('break-even-calculator', { fixedCosts: 100, variableCostPerUnit: 5, pricePerUnit: 5 }, 'pricePerUnit');
    // Found by fast-check: a sliver of a unit has no meaningful margin-of-safety percentage.
    const tiny = await calc<{ forecast: { marginOfSafetyPercent: number | null } }>('break-even-calculator', {
      fixedCosts: 10,
      variableCostPerUnit: 0,
      pricePerUnit: 12,
      expectedUnits: 5e-324,
    });
    assert.equal(tiny.forecast.marginOfSafetyPercent, null);
    await bad('break-even-calculator', { fixedCosts: 1e15, variableCostPerUnit: 1, pricePerUnit: '1.0000000001' }, 'pricePerUnit');
  });

  test('salary: 52,000 a year over 2,080 hours is 25.00', async () => {
    const r = await calc('salary-to-hourly-converter', { amount: 52000 });
    assert.equal(r.hourly, '25.00');
    await bad('salary-to-hourly-converter', { amount: 1, paidVacationDays: 300, paidHolidays: 100 }, 'paidVacationDays');
    await bad('salary-to-hourly-converter', { amount: 1, hoursPerWeek: 0 }, 'hoursPerWeek');
  });

  test('freelancer: revenue covers take-home, tax, expenses and profit exactly', async () => {
    const r = await calc<{ annualRevenue: string; breakdown: Record<string, string> }>('freelancer-hourly-rate-calculator', {
      targetIncome: 70000,
      expenses: 9000,
      taxRate: 35,
      profitMargin: 15,
    });
    const parts = Object.values(r.breakdown).reduce((a, x) => a.plus(x), new Decimal(0));
    assert.equal(parts.toFixed(2), r.annualRevenue);
    await bad('freelancer-hourly-rate-calculator', { targetIncome: 1, vacationWeeks: 52 }, 'vacationWeeks');
    await bad('freelancer-hourly-rate-calculator', { targetIncome: 1, taxRate: 100 }, 'taxRate');
  });
});

describe('interest', () => {
  test('EMI figures match the standard formula P·r·(1+r)^n / ((1+r)^n − 1)', async () => {
    // 100,000 at 10 % for 12 months: 8,791.59 (the common worked example of bank EMI calculators).
    assert.equal((await calc('emi-calculator', { principal: 100000, rate: 10, months: 12 })).emi, '8791.59');
    // 200,000 at 6.5 % for 30 years: 1,264.14 a month (standard US mortgage amortisation, e.g. Bankrate's calculator).
    assert.equal((await calc('emi-calculator', { principal: 200000, rate: 6.5, years: 30 })).emi, '1264.14');
    // ₹10,00,000 at 8.5 % for 20 years: ₹8,678.23 (SBI / HDFC home-loan EMI calculators).
    assert.equal((await calc('emi-calculator', { principal: 1000000, rate: 8.5, years: 20, currency: 'INR' })).emi, '8678.23');
  });

  test('EMI schedule: principal parts repay the loan exactly and totals add up', async () => {
    const r = await calc<{
      principal: string;
      totalPayment: string;
      totalInterest: string;
      schedule: { principal: string; interest: string; payment: string; balance: string }[];
    }>('emi-calculator', { principal: 250000, rate: 7.25, years: 15 });
    assert.equal(r.schedule.length, 180);
    const sum = (key: 'principal' | 'interest' | 'payment') => r.schedule.reduce((a, s) => a.plus(s[key]), new Decimal(0)).toFixed(2);
    assert.equal(sum('principal'), r.principal);
    assert.equal(sum('interest'), r.totalInterest);
    assert.equal(sum('payment'), r.totalPayment);
    assert.equal(r.schedule.at(-1)?.balance, '0.00');
  });

  test('a rate too small to move a cent is interest-free, not a division by zero (found by fast-check)', async () => {
    const r = await calc('emi-calculator', { principal: 1200, rate: 5e-324, months: 12 });
    assert.deepEqual([r.emi, r.totalInterest], ['100.00', '0.00']);
  });

  test('EMI at a tiny rate: no digits lost to (1 + r)^n − 1 (the formula at 200 digits in Python decimal gives 833333333333.33)', async () => {
    for (const rate of ['1e-30', '1e-26', '1e-24']) {
      const r = await calc('emi-calculator', { principal: '1e15', rate, months: 1200 });
      assert.equal(r.emi, '833333333333.33', rate);
    }
    // At 1e-12 % a year the interest shows: 833333333333.75 by the same reference.
    assert.equal((await calc('emi-calculator', { principal: '1e15', rate: '1e-12', months: 1200 })).emi, '833333333333.75');
  });

  test('EMI tenure must be given once, as whole months', async () => {
    await bad('emi-calculator', { principal: 1, rate: 1 }, 'months');
    await bad('emi-calculator', { principal: 1, rate: 1, months: 12, years: 1 }, 'years');
    await bad('emi-calculator', { principal: 1, rate: 1, years: 2.3 }, 'years');
    await bad('emi-calculator', { principal: 0, rate: 1, months: 1 }, 'principal');
  });

  test('compound interest matches A = P(1 + r/n)^(nt)', async () => {
    const fv = async (input: Result) => (await calc('compound-interest-calculator', input)).futureValue;
    // 1,000 at 5 % for 10 years: 1,628.89 annually, 1,647.01 monthly (textbook A = P(1 + r/n)^(nt)).
    assert.equal(await fv({ principal: 1000, rate: 5, years: 10 }), '1628.89');
    assert.equal(await fv({ principal: 1000, rate: 5, years: 10, compounding: 'monthly' }), '1647.01');
    // Wikipedia "Compound interest": 1,500 at 4.3 % compounded quarterly for 6 years ≈ 1,938.84.
    assert.equal(await fv({ principal: 1500, rate: 4.3, years: 6, compounding: 'quarterly' }), '1938.84');
    // Continuous: 1,000 · e^(0.05 · 10) = 1,648.72.
    assert.equal(await fv({ principal: 1000, rate: 5, years: 10, compounding: 'continuously' }), '1648.72');
    // Future value of an ordinary annuity: 100 a month at 6 % for 10 years = 100 · ((1.005^120 − 1) / 0.005) = 16,387.93.
    assert.equal(await fv({ principal: 0, rate: 6, years: 10, compounding: 'monthly', contribution: 100 }), '16387.93');
    // Annuity due (deposits at the start of each period) = ordinary annuity × 1.005 = 16,469.87.
    assert.equal(await fv({ principal: 0, rate: 6, years: 10, compounding: 'monthly', contribution: 100, contributionTiming: 'beginning' }), '16469.87');
    // Half a year at 10 % annual compounding: 1,000 · 1.1^0.5 = 1,048.81.
    assert.equal(await fv({ principal: 1000, rate: 10, years: 0.5 }), '1048.81');
  });

  test('compound interest: APY, per-period table and automatic yearly table', async () => {
    // 12 % compounded monthly has an effective annual rate of 12.6825 %.
    const monthly = await calc<{ effectiveAnnualRate: number; table: { closing: string }[]; tableBy: string }>('compound-interest-calculator', {
      principal: 100,
      rate: 12,
      years: 2,
      compounding: 'monthly',
    });
    assert.equal(monthly.effectiveAnnualRate, 12.6825);
    assert.equal(monthly.table.length, 24);
    assert.equal(monthly.tableBy, 'period');
    const daily = await calc<{ table: unknown[]; tableBy: string }>('compound-interest-calculator', {
      principal: 100,
      rate: 3,
      years: 30,
      compounding: 'daily',
    });
    assert.equal(daily.tableBy, 'year');
    assert.equal(daily.table.length, 30);
    const w = await warnings('compound-interest-calculator', { principal: 100, rate: 3, years: 30, compounding: 'daily', tableBy: 'period' });
    assert.match(w.join(' '), /per year/);
    await bad('compound-interest-calculator', { principal: 1, rate: 5, years: 1, compounding: 'continuously', contribution: 5 }, 'contribution');
    await bad('compound-interest-calculator', { principal: 1e15, rate: 1000, years: 100, compounding: 'daily' }, 'rate');
  });

  test('simple interest: I = P·r·t, by dates and day count', async () => {
    const r = await calc('simple-interest-calculator', { principal: 1000, rate: 12, time: 18, timeUnit: 'months' });
    assert.deepEqual([r.interest, r.totalAmount, r.years], ['180.00', '1180.00', 1.5]);
    assert.equal((r.schedule as unknown[]).length, 2);
    await bad('simple-interest-calculator', { principal: 1, rate: 1 }, 'time');
    await bad('simple-interest-calculator', { principal: 1, rate: 1, startDate: '2024-02-01', endDate: '2024-01-01' }, 'endDate');
    await bad('simple-interest-calculator', { principal: 1, rate: 1, time: 1.5, timeUnit: 'days' }, 'time');
    await bad('simple-interest-calculator', { principal: 1, rate: 1, time: 101 }, 'time');
  });
});

describe('payment due dates', () => {
  const due = async (input: Result, now?: Date) => (await calc<{ dueDate: string }>('payment-due-date-calculator', input, now)).dueDate;

  test('terms grammar', () => {
    assert.equal(parseTerms('NET30')?.label, 'Net 30');
    assert.equal(parseTerms('n/45')?.label, 'Net 45');
    assert.equal(parseTerms('30 days')?.label, 'Net 30');
    assert.equal(parseTerms('Due on receipt')?.kind, 'receipt');
    assert.equal(parseTerms('end of month')?.kind, 'eom');
    assert.equal(parseTerms('EOM 10')?.label, 'Net 10 EOM');
    assert.equal(parseTerms('10th prox')?.label, '10 MFI');
    assert.equal(parseTerms('2/10, n/30')?.label, '2/10 Net 30');
    assert.equal(parseTerms('1.5/15 net 45')?.discount?.days, 15);
    assert.equal(parseTerms('sometime soon'), null);
    assert.equal(parseTerms(-5), null);
    assert.equal(parseTerms('32 MFI'), null);
  });

  test('month ends and EOM', async () => {
    assert.equal(await due({ invoiceDate: '2023-01-31', terms: '1 month' }), '2023-02-28');
    assert.equal(await due({ invoiceDate: '2024-01-31', terms: '1 month' }), '2024-02-29');
    assert.equal(await due({ invoiceDate: '2024-02-10', terms: 'EOM' }), '2024-02-29');
    assert.equal(await due({ invoiceDate: '2024-01-31', terms: '30 MFI' }), '2024-02-29');
    assert.equal(await due({ invoiceDate: '2024-12-15', terms: 'net 30 EOM' }), '2025-01-30');
    assert.equal(await due({ invoiceDate: '2024-05-20', terms: 'due on receipt' }), '2024-05-20');
  });

  test('weekends move forward or back; holidays always count', async () => {
    // 2024-06-01 + 14 = Saturday 2024-06-15.
    assert.equal(await due({ invoiceDate: '2024-06-01', terms: 14 }), '2024-06-15');
    assert.equal(await due({ invoiceDate: '2024-06-01', terms: 14, skipWeekends: true }), '2024-06-17');
    assert.equal(await due({ invoiceDate: '2024-06-01', terms: 14, skipWeekends: true, adjust: 'previous' }), '2024-06-14');
    assert.equal(await due({ invoiceDate: '2024-06-01', terms: 16, holidays: ['2024-06-17'] }), '2024-06-18');
  });

  test('a due date never moves back to before the invoice date', async () => {
    // 2024-08-31 is a Saturday and 2024-09-02 the Monday after (the Gregorian calendar; Python's datetime agrees): due on
    // receipt with adjust "previous" would be Friday 2024-08-30, the day before the invoice, so it moves forward instead.
    const r = await calc('payment-due-date-calculator', { invoiceDate: '2024-08-31', terms: 'net 0', skipWeekends: true, adjust: 'previous' });
    assert.deepEqual([r.dueDate, r.daysFromInvoice], ['2024-09-02', 2]);
    assert.match(String(r.adjustmentReason), /before the invoice date/);
  });

  test('status as of a date, and today from ctx.now when invoiceDate is omitted', async () => {
    const r = await calc<{ status: { state: string; daysUntilDue: number } }>('payment-due-date-calculator', {
      invoiceDate: '2024-01-01',
      terms: 30,
      asOf: '2024-01-21',
    });
    assert.deepEqual(r.status, { asOf: '2024-01-21', state: 'not-due', daysUntilDue: 10, daysOverdue: 0 });
    assert.equal(await due({ terms: 'net 10' }, new Date('2025-02-20T10:00:00Z')), '2025-03-02');
  });

  test('bad terms and dates are a 400 naming the field', async () => {
    await bad('payment-due-date-calculator', { invoiceDate: '2024-01-01', terms: 'whenever' }, 'terms');
    await bad('payment-due-date-calculator', { invoiceDate: '2023-02-29' }, 'invoiceDate');
    await bad('payment-due-date-calculator', { invoiceDate: '01/02/2024' }, 'invoiceDate');
    await bad('payment-due-date-calculator', { invoiceDate: '2024-01-01', holidays: ['2024-13-01'] }, 'holidays.0');
  });
});

describe('currency converter', () => {
  test('says it fetches no live rates, in the result and the warnings', async () => {
    const { result, warnings: w } = await run(tool('currency-converter'), { amount: 10, from: 'EUR', to: 'USD', rate: 1.1 });
    assert.equal((result as Result).liveRates, false);
    assert.equal((result as Result).rateSource, 'caller-supplied');
    assert.match(w.join(' '), /No live exchange rates/);
    assert.match(tool('currency-converter').description, /NO live/);
  });

  test('cross rates through a base, the base implied', async () => {
    const r = await calc('currency-converter', { amount: 100, from: 'EUR', to: 'GBP', rates: { EUR: 0.9, GBP: 0.8 }, base: 'USD' });
    assert.equal(r.convertedAmount, '88.89');
    const implied = await calc('currency-converter', { amount: 100, from: 'USD', to: 'GBP', rates: { GBP: 0.8 }, base: 'USD' });
    assert.equal(implied.convertedAmount, '80.00');
  });

  test('missing or contradictory rates are a 400', async () => {
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'EUR' }, 'rate');
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'EUR', rates: { GBP: 2 } }, 'rates');
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'EUR', rates: { USD: 2, EUR: 1 }, base: 'USD' }, 'rates.USD');
    await bad('currency-converter', { amount: 1, from: 'USD', to: 'EUR', rate: 0 }, 'rate');
    const same = await calc('currency-converter', { amount: 5, from: 'CHF', to: 'CHF' });
    assert.equal(same.convertedAmount, '5.00');
  });
});

describe('GSTIN', () => {
  test('check character of published GSTINs', () => {
    assert.equal(gstinCheckChar('27AAPFU0939F1Z'), 'V');
    assert.equal(gstinCheckChar('29AAGCB7383J1Z'), '4');
    assert.equal(gstinProblem('27AAPFU0939F1ZV'), null);
    assert.match(gstinProblem('27AAPFU0939F1ZW') ?? '', /check character/);
    assert.match(gstinProblem('00AAPFU0939F1ZV') ?? '', /state code/);
    assert.match(gstinProblem('27AAPFU0939F1Z') ?? '', /15 characters/);
  });
});

// ---- properties over the whole module --------------------------------------------------------------

const NUMERIC_STRING = /^\d+(?:\.\d+)?$/;

/** Text fields whose example values happen to be digits (HSN codes, GST state codes). */
const TEXT_FIELDS = new Set(['code', 'stateCode', 'placeOfSupply']);

/** Paths of the numeric leaves (numbers and numeric strings) of an example input. */
function numericPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (TEXT_FIELDS.has(String(path.at(-1)))) return [];
  if (typeof value === 'number' || (typeof value === 'string' && NUMERIC_STRING.test(value))) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => numericPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numericPaths(v, [...path, k]));
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = leaf;
  return copy;
}

const examples = calculatorsTools.flatMap((t) => t.examples.map((e) => ({ tool: t, input: e.input as Result })));

/** Plausible and implausible but well-typed numbers: zero, cents, big, huge, tiny, as numbers or strings. */
const anyNumber = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 0.005, 0.01, 1, 99.99, 100, 365, 1e12, 1e15),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
);

describe('properties', () => {
  test('random numbers in any numeric field never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(examples.length - 1), fc.array(anyNumber, { minLength: 1, maxLength: 6 }), fc.nat(), async (which, values, seed) => {
        const { tool: t, input } = examples[which] ?? { tool: calculatorsTools[0] as AnyTool, input: {} };
        const paths = numericPaths(input);
        let mutated: unknown = input;
        values.forEach((v, i) => {
          const p = paths[(seed + i * 7) % Math.max(paths.length, 1)];
          if (p) mutated = withLeaf(mutated, p, v);
        });
        await expectNoServerError(t, mutated);
      }),
      { numRuns: Number(process.env.CALC_RUNS ?? 400) },
    );
  });

  test('random valid invoices: lines and totals always agree', async () => {
    const money2 = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toFixed(2));
    const item = fc.record({
      quantity: fc.integer({ min: 0, max: 1000 }),
      unitPrice: money2,
      taxRate: fc.constantFrom(0, 5, 7, 10, 19, 20, 21),
      discount: fc.integer({ min: 0, max: 100 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.constantFrom('per-rate', 'per-line'),
        async (items, discount, pricesIncludeTax, taxCalculation) => {
          const r = await calc<{
            lines: { netAmount: string; taxAmount: string; total: string }[];
            netTotal: string;
            taxTotal: string;
            total: string;
            taxes: { taxableAmount: string; taxAmount: string }[];
          }>('invoice-total-calculator', { items, discount, pricesIncludeTax, taxCalculation });
          const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);
          assert.equal(sum(r.lines.map((l) => l.netAmount)), r.netTotal);
          assert.equal(sum(r.lines.map((l) => l.taxAmount)), r.taxTotal);
          assert.equal(sum(r.taxes.map((t) => t.taxableAmount)), r.netTotal);
          assert.equal(sum(r.lines.map((l) => l.total)), r.total);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('random valid tax amounts: net + tax = gross in both modes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('exclusive', 'inclusive'),
        fc.constantFrom('vat-calculator', 'gst-calculator'),
        async (cents, basisPoints, mode, slug) => {
          const r = await calc(slug, {
            amount: (cents / 100).toFixed(2),
            rate: basisPoints / 100,
            mode,
            split: slug === 'gst-calculator' ? 'cgst-sgst' : undefined,
          });
          assert.equal(new Decimal(r.netAmount as string).plus(r.taxAmount as string).toFixed(2), r.grossAmount);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('negative, non-numeric, NaN-like and absurd values in any numeric field are a 400 naming it', async () => {
    const invalid = fc.constantFrom<unknown>(-1, -0.01, '-5', 'abc', 'NaN', 'Infinity', '-Infinity', '1e400', 1e16, '12,50', '€10', true, null, [], {});
    await fc.assert(
      fc.asyncProperty(fc.nat(examples.length - 1), fc.nat(), invalid, async (which, pick, value) => {
        const { tool: t, input } = examples[which] ?? { tool: calculatorsTools[0] as AnyTool, input: {} };
        const paths = numericPaths(input);
        const p = paths[pick % paths.length];
        if (!p) return;
        await expectBadRequest(t, withLeaf(input, p, value), p.join('.'));
      }),
      { numRuns: Number(process.env.CALC_RUNS ?? 400) },
    );
  });

  test('every required field, when missing, is a 400 naming it', async () => {
    for (const t of calculatorsTools) {
      const shape = (t.input as z.ZodObject).shape as Record<string, z.ZodType>;
      const required = Object.keys(shape).filter((k) => !shape[k]?.safeParse(undefined).success);
      const input = t.examples[0]?.input as Result;
      for (const key of required) {
        const { [key]: _dropped, ...rest } = input;
        await expectBadRequest(t, rest, key);
      }
      await expectBadRequest(t, 'not an object');
    }
  });
});
