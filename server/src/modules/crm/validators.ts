import { badRequest } from '../../platform/errors.ts';

/** The spec's helper rules (part 5) that CRM forms apply, checked again on the server. */

/** Unified social credit code: 18 characters of the restricted set, or the older 15-digit number not starting with 0. */
const CREDIT_CODE = /^([0-9A-HJ-NPQRTUWXY]{18}|[1-9]\d{14})$/;
const MOBILE = /^1\d{10}$/;
const LANDLINE = /^(0\d{2,3}-?)?\d{7,8}$/;

/** The credit code as stored (upper case), or a 400. */
export function checkCreditCode(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const code = String(value).trim().toUpperCase();
  if (!CREDIT_CODE.test(code)) {
    throw badRequest({
      zh: '统一社会信用代码格式不正确',
      en: 'The credit code must be 18 characters (digits and capital letters except I, O, S, V, Z) or 15 digits',
    });
  }
  return code;
}

/** A mobile number (11 digits from 1) or a landline (optional area code, 7-8 digits). */
export function checkPhone(value: unknown): void {
  if (value === undefined || value === null) return;
  const s = String(value).trim();
  if (!MOBILE.test(s) && !LANDLINE.test(s))
    throw badRequest({ zh: '电话号不正确', en: 'The phone number is not valid' });
}
