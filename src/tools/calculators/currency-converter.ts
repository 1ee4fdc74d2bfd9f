import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { currencyField, currencyInfo, ISO_4217_PUBLISHED } from './lib/currencies.ts';
import { type Decimal, HUNDRED, ONE, ZERO } from '../../lib/money.ts';
import { amountField, decimalField, intField, percentField } from './lib/fields.ts';
import { money, ROUNDING_MODES } from './lib/money.ts';

const NO_LIVE_RATES = 'No live exchange rates are fetched: the conversion uses only the rate(s) supplied in the request.';
const rateValue = (description: string) => decimalField(description, { min: 0, minExclusive: true, max: 1e12 });

function fmtRate(rate: Decimal): string {
  return rate.toSignificantDigits(12).toDecimalPlaces(10).toFixed();
}

export default defineTool({
  module: 'calculators',
  slug: 'currency-converter',
  cpu: 'large-input',
  title: 'Currency converter (your rates)',
  description:
    'Converts an amount between ISO 4217 currencies offline, with exchange rates the caller supplies: either one `rate` ' +
    '(units of `to` per 1 `from`) or a `rates` table relative to a `base` currency (e.g. {"USD": 1, "EUR": 0.92, "JPY": ' +
    '151.5} with base USD), from which the cross rate is worked out. It fetches NO live or historical rates — pass rates ' +
    'from your provider; the result and its warnings say so. Unknown currency codes are refused. The converted amount is ' +
    "rounded to the target currency's minor unit (JPY 0, KWD 3; else 2) half-up unless `decimals`/`rounding` say otherwise; " +
    'an optional `feePercent` (bank or card margin) is taken from the amount first. Money is exact decimal and returned ' +
    'as strings.',
  keywords: ['currency converter', 'exchange rate', 'fx', 'forex', 'convert currency', 'cross rate', 'iso 4217', 'money conversion', 'offline currency'],
  input: () =>
    z.object({
      amount: amountField('Amount in the `from` currency'),
      from: currencyField('ISO 4217 code of the amount, e.g. "USD"'),
      to: currencyField('ISO 4217 code to convert to, e.g. "EUR"'),
      rate: rateValue('Units of `to` for 1 unit of `from` (e.g. 0.92 for USD→EUR); or give rates').optional(),
      rates: z
        .record(z.string(), rateValue('Units of this currency per 1 unit of base'))
        .optional()
        .describe('Rates relative to `base`: {"EUR": 0.92, "JPY": 151.5}; the base itself is 1 and may be omitted'),
      base: currencyField('Currency the `rates` are quoted against (default: the one with rate 1 in `rates`, if any)').optional(),
      feePercent: percentField('Fee or margin in percent taken from the amount before converting (default 0)').optional(),
      decimals: intField("Decimal places of the converted amount; default the target currency's minor unit", 0, 10).optional(),
      rounding: z.enum(ROUNDING_MODES).default('half-up').describe('Rounding of money: half-up (default), half-even, half-down, up, down, ceiling, floor'),
    }),
  output: () =>
    z.object({
      from: z.string(),
      to: z.string(),
      amount: z.string().describe("Amount given, in the from currency's decimals"),
      fee: z.string().describe('Fee taken, in the from currency'),
      amountConverted: z.string().describe('amount − fee, the part converted'),
      rate: z.string().describe('Units of `to` per 1 `from` used (up to 10 decimals)'),
      inverseRate: z.string().describe('Units of `from` per 1 `to`'),
      convertedAmount: z.string().describe('Result in the `to` currency'),
      fromCurrency: z.object({ code: z.string(), name: z.string(), minorUnit: z.number().int().nullable() }),
      toCurrency: z.object({ code: z.string(), name: z.string(), minorUnit: z.number().int().nullable() }),
      decimals: z.number().int(),
      rounding: z.enum(ROUNDING_MODES),
      rateSource: z.literal('caller-supplied').describe('Always caller-supplied: this tool fetches no rates'),
      liveRates: z.literal(false),
      note: z.string(),
      iso4217ListDate: z.string().describe('Publication date of the ISO 4217 list the codes are checked against'),
    }),
  examples: [
    {
      title: 'one rate: 100 USD to EUR at 0.92',
      input: { amount: 100, from: 'USD', to: 'EUR', rate: 0.92 },
      output: {
        from: 'USD',
        to: 'EUR',
        amount: '100.00',
        fee: '0.00',
        amountConverted: '100.00',
        rate: '0.92',
        inverseRate: '1.0869565217',
        convertedAmount: '92.00',
        fromCurrency: { code: 'USD', name: 'US Dollar', minorUnit: 2 },
        toCurrency: { code: 'EUR', name: 'Euro', minorUnit: 2 },
        decimals: 2,
        rounding: 'half-up',
        rateSource: 'caller-supplied',
        liveRates: false,
        note: NO_LIVE_RATES,
        iso4217ListDate: ISO_4217_PUBLISHED,
      },
    },
    {
      title: 'cross rate from a USD-based table: GBP to JPY (0 decimals)',
      input: { amount: 250, from: 'gbp', to: 'JPY', rates: { USD: 1, GBP: 0.79, JPY: 151.5 }, base: 'USD' },
      output: {
        from: 'GBP',
        to: 'JPY',
        amount: '250.00',
        fee: '0.00',
        amountConverted: '250.00',
        rate: '191.772151899',
        inverseRate: '0.0052145215',
        convertedAmount: '47943',
        fromCurrency: { code: 'GBP', name: 'Pound Sterling', minorUnit: 2 },
        toCurrency: { code: 'JPY', name: 'Yen', minorUnit: 0 },
        decimals: 0,
        rounding: 'half-up',
        rateSource: 'caller-supplied',
        liveRates: false,
        note: NO_LIVE_RATES,
        iso4217ListDate: ISO_4217_PUBLISHED,
      },
    },
    {
      title: 'EUR to Kuwaiti dinar (3 decimals) with a 1.5 % fee',
      input: { amount: '1000', from: 'EUR', to: 'KWD', rates: { KWD: 0.335 }, base: 'EUR', feePercent: 1.5 },
      output: {
        from: 'EUR',
        to: 'KWD',
        amount: '1000.00',
        fee: '15.00',
        amountConverted: '985.00',
        rate: '0.335',
        inverseRate: '2.9850746269',
        convertedAmount: '329.975',
        fromCurrency: { code: 'EUR', name: 'Euro', minorUnit: 2 },
        toCurrency: { code: 'KWD', name: 'Kuwaiti Dinar', minorUnit: 3 },
        decimals: 3,
        rounding: 'half-up',
        rateSource: 'caller-supplied',
        liveRates: false,
        note: NO_LIVE_RATES,
        iso4217ListDate: ISO_4217_PUBLISHED,
      },
    },
  ],
  run: (input, ctx) => {
    ctx.warn(NO_LIVE_RATES);
    const fromInfo = currencyInfo(input.from);
    const toInfo = currencyInfo(input.to);
    if (!fromInfo) throw invalidField('from', 'not an ISO 4217 currency code');
    if (!toInfo) throw invalidField('to', 'not an ISO 4217 currency code');
    if (input.rate !== undefined && input.rates !== undefined) throw invalidField('rate', 'give rate or rates, not both');
    let rate: Decimal;
    if (input.rate !== undefined) {
      rate = input.rate;
    } else if (input.rates !== undefined) {
      const table = new Map<string, Decimal>();
      const entries = Object.entries(input.rates);
      if (entries.length > 400) throw invalidField('rates', 'at most 400 currencies');
      for (const [code, value] of entries) {
        const info = currencyInfo(code);
        if (!info || !/^[A-Za-z]{3}$/.test(code)) throw invalidField(`rates.${code.slice(0, 20)}`, 'not an ISO 4217 currency code');
        table.set(info.code, value);
      }
      const base = input.base ?? [...table.entries()].find(([, v]) => v.eq(ONE))?.[0];
      if (base !== undefined) {
        const quoted = table.get(base);
        if (quoted !== undefined && !quoted.eq(ONE)) throw invalidField(`rates.${base}`, `the base currency ${base} must have rate 1`);
        table.set(base, ONE);
      }
      const lookup = (code: string, field: string): Decimal => {
        const value = table.get(code);
        if (value === undefined) throw invalidField('rates', `no rate for ${code} (${field}); add it, or give base if ${code} is the base currency`);
        return value;
      };
      rate = lookup(input.to, 'to').div(lookup(input.from, 'from'));
    } else if (input.from === input.to) {
      rate = ONE;
    } else {
      throw invalidField('rate', 'give the exchange rate (rate) or a rates table: this tool fetches no live rates');
    }
    const source = money({ currency: input.from, rounding: input.rounding });
    const target = money({ currency: input.to, decimals: input.decimals, rounding: input.rounding });
    const amount = source.round(input.amount);
    const fee = source.round(amount.times(input.feePercent ?? ZERO).div(HUNDRED));
    const converted = amount.minus(fee);
    return {
      from: input.from,
      to: input.to,
      amount: source.fmt(amount),
      fee: source.fmt(fee),
      amountConverted: source.fmt(converted),
      rate: fmtRate(rate),
      inverseRate: fmtRate(ONE.div(rate)),
      convertedAmount: target.fmt(converted.times(rate)),
      fromCurrency: fromInfo,
      toCurrency: toInfo,
      decimals: target.decimals,
      rounding: target.rounding,
      rateSource: 'caller-supplied' as const,
      liveRates: false as const,
      note: NO_LIVE_RATES,
      iso4217ListDate: ISO_4217_PUBLISHED,
    };
  },
});
