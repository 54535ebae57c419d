/** Money in yuan with thousands separators and two decimals; `--` when it is not a number (spec part 9). */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return '--';
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
