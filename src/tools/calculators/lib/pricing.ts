import { Decimal, HUNDRED, toNumber } from '../../../lib/money.ts';

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
