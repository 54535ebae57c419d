import type { FormRule } from 'antd';
import { i18n } from '../i18n/index.ts';

/**
 * The shared form validators (spec part 5). Each check answers the message to show, or undefined
 * when the value is fine; the `...Rule` forms plug them into antd forms.
 */

/** 18 characters of the registration authority's set (no I, O, S, V, Z), or the old 15-digit number not starting with 0. */
const CREDIT_CODE = /^([0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|[1-9]\d{14})$/;
const MOBILE = /^1\d{10}$/;
/** Optional area code (0 and 2-3 digits, then an optional dash) and 7-8 digits. */
const LANDLINE = /^(0\d{2,3}-?)?\d{7,8}$/;
const URL_PATTERN = /^https?:\/\/\S+$/i;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export function isCreditCode(value: string): boolean {
  return CREDIT_CODE.test(value.trim().toUpperCase());
}

export function checkCreditCode(value: string): string | undefined {
  return isCreditCode(value) ? undefined : i18n.t('validate:creditCode');
}

/** Spec part 5: 手机号码不能为空, 手机号码长度不为11位, 手机号码格式不正确, in that order. */
export function checkMobile(value: string | undefined | null): string | undefined {
  const text = String(value ?? '').trim();
  if (!text) return i18n.t('validate:mobileRequired');
  if (text.length !== 11) return i18n.t('validate:mobileLength');
  if (!MOBILE.test(text)) return i18n.t('validate:mobileFormat');
  return undefined;
}

export function isLandline(value: string): boolean {
  return LANDLINE.test(value.trim());
}

export function checkLandline(value: string): string | undefined {
  return isLandline(value) ? undefined : i18n.t('validate:landline');
}

/** A phone field takes a mobile or a landline number: 电话号不正确 otherwise. */
export function checkPhone(value: string): string | undefined {
  const text = value.trim();
  return MOBILE.test(text) || isLandline(text) ? undefined : i18n.t('validate:phone');
}

/** A number with at most `places` decimals (default 4). */
export function checkDecimal(value: string | number, places = 4): string | undefined {
  const pattern = new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
  return pattern.test(String(value).trim()) ? undefined : i18n.t('validate:decimal', { places });
}

/** '{label}在{min}-{max}之间' unless min <= value <= max (defaults 0-1000). */
export function checkRange(value: string | number, label: string, min = 0, max = 1000): string | undefined {
  const n = Number(value);
  const inside = String(value).trim() !== '' && Number.isFinite(n) && n >= min && n <= max;
  return inside ? undefined : i18n.t('validate:range', { label, min, max });
}

/** An address must start with http or https. */
export function checkUrl(value: string): string | undefined {
  return URL_PATTERN.test(value.trim()) ? undefined : i18n.t('validate:url');
}

/** An antd rule from a check; an empty value passes unless the field is required by another rule. */
function rule(check: (value: string) => string | undefined): FormRule {
  return {
    validator: (_, value) => {
      if (isBlank(value)) return Promise.resolve();
      const problem = check(String(value));
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

export const creditCodeRule = (): FormRule => rule(checkCreditCode);
export const landlineRule = (): FormRule => rule(checkLandline);
export const phoneRule = (): FormRule => rule(checkPhone);
export const decimalRule = (places = 4): FormRule => rule((v) => checkDecimal(v, places));
export const rangeRule = (label: string, min = 0, max = 1000): FormRule => rule((v) => checkRange(v, label, min, max));
export const urlRule = (): FormRule => rule(checkUrl);

/** A mobile field; `required` makes an empty one fail with 手机号码不能为空. */
export function mobileRule(required = true): FormRule {
  return {
    validator: (_, value) => {
      if (!required && isBlank(value)) return Promise.resolve();
      const problem = checkMobile(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
