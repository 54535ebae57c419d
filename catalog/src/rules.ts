import { cronProblem } from './cron.ts';
import type { FieldDef, Text } from './types.ts';

/**
 * The value rules a catalog field declares (spec part 5's helper rules): what a text must look like
 * (`format`: a phone, an email, a credit code, a cron schedule, a code), the bounds of a number (`min`, `max`) and a date that may not come before another
 * (`notBefore`). The server checks them on every save and the web's forms under each field, with
 * these messages; the web's i18n takes its texts from here, so both say the same.
 */
export type TextFormat = 'mobile' | 'phone' | 'email' | 'creditCode' | 'cron' | 'time' | 'menuPath' | 'code';

/** 11 digits starting with 1. */
export const MOBILE = /^1\d{10}$/;
/** Optional area code (0 and 2-3 digits, then an optional dash) and 7-8 digits. */
export const LANDLINE = /^(0\d{2,3}-?)?\d{7,8}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A time of day, HH:mm (a canteen's serving hours, a booking cut-off). */
export const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * A menu's route: a path of the console (`/system/user`; not `//host` nor `/\host`, which browsers read as
 * another site) or an http(s) address. No blank, control character or backslash anywhere: browsers drop
 * tabs and newlines inside an address (`java\tscript:`), so a scheme could hide behind them.
 */
export const MENU_PATH = /^(?:\/(?![/\\])|https?:\/\/[^/\\?#\s])[^\s\p{Cc}\\]*$/iu;
/** A code that names something in addresses and keys (a login provider's source): a-z first, then a-z, 0-9, _ or -. */
export const CODE = /^[a-z][a-z0-9_-]*$/;
/** 18 characters of the registration authority's set (no I, O, S, V, Z), or the old 15-digit number not starting with 0. */
export const CREDIT_CODE = /^([0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|[1-9]\d{14})$/;

/** Every rule's message; `{{name}}` is filled with the field's label or the bound. */
export const RULE_MESSAGES = {
  mobileRequired: { zh: '手机号码不能为空', en: 'The mobile number is required' },
  mobileLength: { zh: '手机号码长度不为11位', en: 'The mobile number must have 11 digits' },
  mobileFormat: { zh: '手机号码格式不正确', en: 'The mobile number is not valid' },
  landline: { zh: '座机号码格式不正确', en: 'The landline number is not valid' },
  phone: { zh: '电话号不正确', en: 'The phone number is not valid' },
  email: { zh: '邮箱格式不正确', en: 'The email address is not valid' },
  creditCode: { zh: '统一社会信用代码格式不正确', en: 'The unified social credit code is not valid' },
  cronInvalid: { zh: 'Cron表达式格式不正确', en: 'The cron expression is not valid' },
  cronNever: { zh: 'Cron表达式没有下一次执行时间', en: 'The cron expression never fires again' },
  time: { zh: '{{label}}格式应为HH:mm', en: 'The {{label}} must be a time HH:mm' },
  code: {
    zh: '{{label}}须以小写字母开头，只含小写字母、数字、_或-',
    en: 'The {{label}} must start with a lowercase letter and hold only lowercase letters, digits, _ or -',
  },
  menuPath: {
    zh: '路由地址只能是以/开头的站内路径或http(s)网址',
    en: 'The path must be a console path starting with / or an http(s) address',
  },
  range: { zh: '{{label}}在{{min}}-{{max}}之间', en: '{{label}} must be between {{min}} and {{max}}' },
  atLeast: { zh: '{{label}}不能小于{{min}}', en: '{{label}} cannot be less than {{min}}' },
  atMost: { zh: '{{label}}不能大于{{max}}', en: '{{label}} cannot be more than {{max}}' },
  notBefore: { zh: '{{end}}不能早于{{start}}', en: 'The {{end}} cannot be before the {{start}}' },
} satisfies Record<string, Text>;

export type RuleMessage = keyof typeof RULE_MESSAGES;

/** What is wrong with a non-empty value in that format, first problem first; undefined when it is fine. */
export function formatProblem(format: TextFormat, value: string): RuleMessage | undefined {
  return format === 'cron' ? cronProblem(value.trim()) : patternProblem(format, value);
}

/**
 * `formatProblem` for the formats checked by a pattern alone: what a web form calls, so that the cron
 * parser (croner) reaches only the screens with a schedule.
 */
export function patternProblem(format: Exclude<TextFormat, 'cron'>, value: string): RuleMessage | undefined {
  const text = value.trim();
  switch (format) {
    case 'mobile':
      if (text.length !== 11) return 'mobileLength';
      return MOBILE.test(text) ? undefined : 'mobileFormat';
    case 'phone':
      return MOBILE.test(text) || LANDLINE.test(text) ? undefined : 'phone';
    case 'email':
      return EMAIL.test(text) ? undefined : 'email';
    case 'creditCode':
      return CREDIT_CODE.test(text.toUpperCase()) ? undefined : 'creditCode';
    case 'time':
      return CLOCK.test(text) ? undefined : 'time';
    case 'menuPath':
      return MENU_PATH.test(text) ? undefined : 'menuPath';
    case 'code':
      return CODE.test(text) ? undefined : 'code';
  }
}

/** Which message a number outside its bounds gets, with what fills it; undefined when it is inside. */
export function boundsProblem(
  value: number,
  { min, max }: { min?: number; max?: number },
): { message: RuleMessage; values: { min?: number; max?: number } } | undefined {
  if ((min === undefined || value >= min) && (max === undefined || value <= max)) return undefined;
  if (min !== undefined && max !== undefined) return { message: 'range', values: { min, max } };
  return min !== undefined ? { message: 'atLeast', values: { min } } : { message: 'atMost', values: { max } };
}

/** A message in both languages with its `{{name}}` placeholders filled, per language where a value is a text. */
export function ruleMessage(message: RuleMessage, values: Record<string, string | number | Text | undefined>): Text {
  const fill = (lang: keyof Text) =>
    RULE_MESSAGES[message][lang].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values[name];
      return typeof value === 'object' ? value[lang] : String(value ?? '');
    });
  return { zh: fill('zh'), en: fill('en') };
}

/** "{end} cannot be before {start}" for a date declared `notBefore` another; English names them in lower case. */
export function notBeforeMessage(end: Pick<FieldDef, 'label'>, start: Pick<FieldDef, 'label'>): Text {
  const lower = (t: Text): Text => ({ zh: t.zh, en: t.en.toLowerCase() });
  return ruleMessage('notBefore', { end: lower(end.label), start: lower(start.label) });
}
