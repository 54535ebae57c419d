import { formatMoneyUnit, type MoneyUnit } from '../../../utils/format.ts';

/** The i18n key (decision:analyse.money.*) of each money unit. */
export const MONEY_KEY = { 万元: 'wan', 亿元: 'yi', 亿万: 'yiwan' } as const satisfies Record<MoneyUnit, string>;

/** Yuan per unit. */
const YUAN: Record<MoneyUnit, number> = { 万元: 1e4, 亿元: 1e8, 亿万: 1e12 };

/**
 * The one unit a chart's axis shows amounts in (spec part 9: 万元 up to 4 whole digits, 亿元 up to 8, then 亿万),
 * chosen by the largest amount so that every bar reads in the unit of the axis' name; amounts come in yuan.
 */
export function moneyScale(yuan: readonly (number | null | undefined)[]): { unit: MoneyUnit; divisor: number } {
  const largest = Math.max(0, ...yuan.map((v) => Math.abs(Number(v) || 0)));
  const unit = formatMoneyUnit(largest / 1e4).unit || '万元';
  return { unit, divisor: YUAN[unit] };
}

/** An amount in yuan in `divisor`'s unit, to two decimals (what the chart plots). */
export const inUnit = (yuan: number | null | undefined, divisor: number) =>
  yuan === null || yuan === undefined ? null : Math.round((Number(yuan) / divisor) * 100) / 100;
