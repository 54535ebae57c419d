import { boundsProblem, CREDIT_CODE, LANDLINE, patternProblem, type RuleMessage } from '@park/catalog/rules';
import type { FormRule } from 'antd';
import { i18n } from '../i18n/index.ts';

/**
 * The shared form validators (spec part 5). Each check answers the message to show, or undefined
 * when the value is fine; the `...Rule` forms plug them into antd forms. The patterns are the
 * catalog's (rules.ts), which the server checks too, and so are the messages (i18n `validate`).
 */

const URL_PATTERN = /^https?:\/\/\S+$/i;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export function isCreditCode(value: string): boolean {
  return CREDIT_CODE.test(value.trim().toUpperCase());
}

/** The message of a catalog rule's problem, if there is one. */
const say = (problem: RuleMessage | undefined) => (problem ? i18n.t(`validate:${problem}`) : undefined);

export function checkCreditCode(value: string): string | undefined {
  return say(patternProblem('creditCode', value));
}

/** Spec part 5: 手机号码不能为空, 手机号码长度不为11位, 手机号码格式不正确, in that order. */
export function checkMobile(value: string | undefined | null): string | undefined {
  const text = String(value ?? '').trim();
  if (!text) return i18n.t('validate:mobileRequired');
  return say(patternProblem('mobile', text));
}

/** Mobile numbers joined by commas (the SMS send dialog, as the server splits them): the first bad number's problem. */
export function checkMobiles(value: string | undefined | null): string | undefined {
  const numbers = String(value ?? '')
    .split(/[,，\s]+/)
    .filter(Boolean);
  if (numbers.length === 0) return i18n.t('validate:mobileRequired');
  return numbers.map(checkMobile).find(Boolean);
}

/** Whether a text is a JSON object, as the SMS template's variables must be (not an array, not null). */
export function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** An email address: 邮箱格式不正确 otherwise. */
export function checkEmail(value: string): string | undefined {
  return say(patternProblem('email', value));
}

/** A menu's route: a console path starting with / or an http(s) address (no `javascript:`, no `//host`). */
export function checkMenuPath(value: string): string | undefined {
  return say(patternProblem('menuPath', value));
}

/** A time of day, HH:mm; the message names the field. */
export function checkClock(value: string, label: string): string | undefined {
  return patternProblem('time', value) ? i18n.t('validate:time', { label }) : undefined;
}

/** A code (a-z first, then a-z, 0-9, _ or -); the message names the field. */
export function checkCode(value: string, label: string): string | undefined {
  return patternProblem('code', value) ? i18n.t('validate:code', { label }) : undefined;
}

export function isLandline(value: string): boolean {
  return LANDLINE.test(value.trim());
}

export function checkLandline(value: string): string | undefined {
  return isLandline(value) ? undefined : i18n.t('validate:landline');
}

/** A cron schedule (five parts, or Quartz's six or seven) that fires at least once more; loads the cron parser. */
export async function checkCron(value: string): Promise<string | undefined> {
  const { cronProblem } = await import('./cron.ts');
  return say(cronProblem(value.trim()));
}

/** A phone field takes a mobile or a landline number: 电话号不正确 otherwise. */
export function checkPhone(value: string): string | undefined {
  return say(patternProblem('phone', value));
}

/** A number with at most `places` decimals (default 4). */
export function checkDecimal(value: string | number, places = 4): string | undefined {
  const pattern = new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
  return pattern.test(String(value).trim()) ? undefined : i18n.t('validate:decimal', { places });
}

/**
 * A number within its bounds, either of which may be left out: '{label}在{min}-{max}之间' with both,
 * '{label}不能小于{min}' or '{label}不能大于{max}' with one.
 */
export function checkBounds(value: string | number, label: string, bounds: { min?: number; max?: number }) {
  // Empty or not a number is outside any bound (NaN compares false).
  const problem = boundsProblem(String(value).trim() === '' ? Number.NaN : Number(value), bounds);
  return problem ? i18n.t(`validate:${problem.message}`, { label, ...problem.values }) : undefined;
}

/** '{label}在{min}-{max}之间' unless min <= value <= max (defaults 0-1000). */
export function checkRange(value: string | number, label: string, min = 0, max = 1000): string | undefined {
  return checkBounds(value, label, { min, max });
}

/** An address must start with http or https. */
export function checkUrl(value: string): string | undefined {
  return URL_PATTERN.test(value.trim()) ? undefined : i18n.t('validate:url');
}

/** An antd rule from a check; an empty value passes unless the field is required by another rule. */
function rule(check: (value: string) => string | undefined | Promise<string | undefined>): FormRule {
  return {
    validator: async (_, value) => {
      if (isBlank(value)) return;
      const problem = await check(String(value));
      if (problem) throw new Error(problem);
    },
  };
}

export const creditCodeRule = (): FormRule => rule(checkCreditCode);
export const landlineRule = (): FormRule => rule(checkLandline);
export const phoneRule = (): FormRule => rule(checkPhone);
export const decimalRule = (places = 4): FormRule => rule((v) => checkDecimal(v, places));
export const rangeRule = (label: string, min = 0, max = 1000): FormRule => rule((v) => checkRange(v, label, min, max));
export const boundsRule = (label: string, bounds: { min?: number; max?: number }): FormRule =>
  rule((v) => checkBounds(v, label, bounds));
export const emailRule = (): FormRule => rule(checkEmail);
export const cronRule = (): FormRule => rule(checkCron);
export const clockRule = (label: string): FormRule => rule((v) => checkClock(v, label));
export const codeRule = (label: string): FormRule => rule((v) => checkCode(v, label));
export const urlRule = (): FormRule => rule(checkUrl);
export const menuPathRule = (): FormRule => rule(checkMenuPath);

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
