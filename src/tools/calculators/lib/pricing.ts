import { invalidField } from '../../../core/errors.ts';
import { Decimal, HUNDRED, ONE, toNumber } from '../../../lib/money.ts';
import type { Money } from './money.ts';

/** Margin (profit as % of price) and markup (profit as % of cost); null where the base is zero. */
export function marginAndMarkup(cost: Decimal, price: Decimal): { profit: Decimal; margin: number | null; markup: number | null } {
  const profit = price.minus(cost);
  return {
    profit,
    margin: price.isZero() ? null : toNumber(profit.times(HUNDRED).div(price)),
    markup: cost.isZero() ? null : toNumber(profit.times(HUNDRED).div(cost)),
  };
}

/** Markup equivalent to a margin: m / (100 − m) × 100 (margin < 100). */
export function markupFromMargin(margin: Decimal): Decimal {
  return margin.times(HUNDRED).div(HUNDRED.minus(margin));
}

/** Margin equivalent to a markup: k / (100 + k) × 100. */
export function marginFromMarkup(markup: Decimal): Decimal {
  return markup.times(HUNDRED).div(HUNDRED.plus(markup));
}

/**
 * Markup is profit as a share of cost, margin as a share of price: either percentage fixes the price for a cost
 * and the cost for a price, and converts to the other percentage.
 */
const RATIOS = {
  markup: {
    convert: marginFromMarkup,
    price: (cost: Decimal, markup: Decimal) => cost.times(ONE.plus(markup.div(HUNDRED))),
    cost: (price: Decimal, markup: Decimal) => price.div(ONE.plus(markup.div(HUNDRED))),
  },
  margin: {
    convert: markupFromMargin,
    price: (cost: Decimal, margin: Decimal) => cost.div(ONE.minus(margin.div(HUNDRED))),
    cost: (price: Decimal, margin: Decimal) => price.times(ONE.minus(margin.div(HUNDRED))),
  },
};

export interface CostPriceSolution {
  solvedFor: 'markup' | 'margin' | 'price' | 'cost';
  cost: string | null;
  price: string | null;
  profit: string | null;
  markupPercent: number | null;
  marginPercent: number | null;
}

/**
 * The markup and profit-margin calculators: two of cost, price and the `ratio` percentage give the third (amounts
 * rounded by `m`); the percentage alone converts to the other one (amounts null).
 */
export function solveCostPrice(
  ratio: keyof typeof RATIOS,
  { cost, price, percent }: { cost?: Decimal | undefined; price?: Decimal | undefined; percent?: Decimal | undefined },
  m: Money,
): CostPriceSolution {
  const spec = RATIOS[ratio];
  const other = ratio === 'markup' ? 'margin' : 'markup';
  const base = ratio === 'markup' ? 'cost' : 'price';
  const count = [cost, price, percent].filter((v) => v !== undefined).length;
  if (count === 3) throw invalidField(ratio, `give two of cost, price and ${ratio}, not all three`);
  if (percent !== undefined && count === 1) {
    const converted = toNumber(spec.convert(percent));
    const given = toNumber(percent);
    return {
      solvedFor: other,
      cost: null,
      price: null,
      profit: null,
      markupPercent: ratio === 'markup' ? given : converted,
      marginPercent: ratio === 'margin' ? given : converted,
    };
  }
  if (count < 2)
    throw invalidField(cost === undefined ? 'cost' : 'price', `give two of cost, price and ${ratio} (or ${ratio} alone to convert it to ${other})`);
  let c: Decimal;
  let p: Decimal;
  let solvedFor: CostPriceSolution['solvedFor'];
  if (cost !== undefined && price !== undefined) {
    if ((base === 'cost' ? cost : price).isZero()) throw invalidField(base, `must be greater than 0 to have a ${ratio}`);
    [c, p, solvedFor] = [m.round(cost), m.round(price), ratio];
  } else if (cost !== undefined && percent !== undefined) {
    c = m.round(cost);
    p = m.round(spec.price(c, percent));
    solvedFor = 'price';
  } else {
    p = m.round(price ?? new Decimal(0));
    c = m.round(spec.cost(p, percent ?? new Decimal(0)));
    solvedFor = 'cost';
  }
  const r = marginAndMarkup(c, p);
  return { solvedFor, cost: m.fmt(c), price: m.fmt(p), profit: m.fmt(r.profit), markupPercent: r.markup, marginPercent: r.margin };
}
