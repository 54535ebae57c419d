/** Money in yuan with thousands separators and two decimals; `--` when it is not a number (spec part 9). */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '--';
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Amount units (spec part 9), from an amount in 万元. */
export type MoneyUnit = '万元' | '亿元' | '亿万';

/**
 * An amount in 万元 in the unit that keeps it short: 万元 while its whole part has at most 4 digits,
 * 亿元 up to 8, then 亿万; with thousands separators, or `--` when it is not a number. The digits are
 * counted as shown, after rounding to cents, so 9,999.995 万元 is 1.00 亿元, never 10,000.00 万元.
 */
export function formatMoneyUnit(value: unknown): { value: string; unit: MoneyUnit | '' } {
  if (value === null || value === undefined || value === '') return { value: '--', unit: '' };
  const amount = Number(value);
  if (!Number.isFinite(amount)) return { value: '--', unit: '' };
  const wholeDigits = (shown: string) => shown.replace(/^-/, '').split('.')[0].replaceAll(',', '').length;
  for (const [unit, divisor] of [['万元', 1] as const, ['亿元', 1e4] as const]) {
    const shown = formatMoney(amount / divisor);
    if (wholeDigits(shown) <= 4) return { value: shown, unit };
  }
  // The largest unit: past 9,999.99 of it the whole part grows.
  return { value: formatMoney(amount / 1e8), unit: '亿万' };
}

/** A file size in KB (at least 1) below a megabyte, in MB with one decimal from there; `--` when not a number. */
export function formatFileSize(bytes: unknown): string {
  const size = Number(bytes);
  if (bytes === null || bytes === undefined || bytes === '' || !Number.isFinite(size) || size < 0) return '--';
  return size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
}
