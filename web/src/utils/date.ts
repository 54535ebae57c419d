/** Date display (spec part 9): yyyy-MM-dd in lists, yyyy年MM月dd日 in pickers. */
export const DATE_FORMAT = 'yyyy-MM-dd';
export const CHINESE_DATE_FORMAT = 'yyyy年MM月dd日';
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats with the tokens yyyy, MM, dd, HH, mm, ss; '' for a value that is not a date. */
export function formatDate(value: Date | string | number | null | undefined, pattern = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {
    yyyy: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token]);
}
