/**
 * What a value from a request must be for PostgreSQL to take it, checked before any query so that a
 * bad one is a 400 that says what is wrong (filters: conditions.ts; bodies: validate.ts; paging).
 */

/** The range of an `int` column (PostgreSQL integer). */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/** The range of an id column (PostgreSQL bigint). */
const BIGINT_MIN = -9_223_372_036_854_775_808n;
const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A decimal or money value stays below this in magnitude (numeric(18,2) and numeric(18,4) columns). */
export const DECIMAL_LIMIT = 1e14;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * `yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss` naming a real day and time: year 1 to 9999
 * (PostgreSQL has no year 0), a day that exists in its month, hours below 24, minutes and seconds below 60.
 */
export function isRealDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // a leap year: February 29
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !leap ? 28 : days)) return false;
  if (m[4] === undefined) return true;
  return Number(m[4]) < 24 && Number(m[5]) < 60 && (m[6] === undefined || Number(m[6]) < 60);
}

/** A whole number written in digits (no exponent, no fraction) that fits an `int` column. */
export function isIntText(value: string): boolean {
  if (!/^-?\d{1,10}$/.test(value)) return false;
  const n = Number(value);
  return n >= INT_MIN && n <= INT_MAX;
}

/** A whole number written in digits that fits a bigint (an id column; 0 and negatives included, as filters use them). */
export function isBigintText(value: string): boolean {
  if (!/^-?\d{1,19}$/.test(value)) return false;
  const n = BigInt(value);
  return n >= BIGINT_MIN && n <= BIGINT_MAX;
}

/** A number written in digits, with an optional fraction, that a decimal or money column can be compared with. */
export function isDecimalText(value: string): boolean {
  return /^-?\d{1,15}(\.\d{1,8})?$/.test(value) && Math.abs(Number(value)) < DECIMAL_LIMIT;
}

export const hasNul = (value: string) => value.includes('\u0000');
