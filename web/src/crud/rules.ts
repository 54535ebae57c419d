import { type FieldDef, notBeforeMessage } from '@park/catalog';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { Lang } from '../i18n/index.ts';
import {
  boundsRule,
  clockRule,
  codeRule,
  creditCodeRule,
  cronRule,
  emailRule,
  menuPathRule,
  mobileRule,
  phoneRule,
} from '../utils/validate.ts';

/**
 * A form field's rules derived from its catalog declaration, the one the server checks on save: its
 * requirement (lifted by `requiredUnless`), its text format, its number bounds and the date it may
 * not come before. Shown under the field when it loses focus, with the server's words.
 */
export function rulesOf(field: FieldDef, lang: Lang, fields: FieldDef[] = []): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push(requiredRule(field, lang));
  if (field.format === 'mobile') rules.push(mobileRule(false));
  if (field.format === 'phone') rules.push(phoneRule());
  if (field.format === 'email') rules.push(emailRule());
  if (field.format === 'creditCode') rules.push(creditCodeRule());
  if (field.format === 'cron') rules.push(cronRule());
  if (field.format === 'time') rules.push(clockRule(field.label[lang]));
  if (field.format === 'menuPath') rules.push(menuPathRule());
  if (field.format === 'code') rules.push(codeRule(field.label[lang]));
  if (field.min !== undefined || field.max !== undefined) {
    rules.push(boundsRule(field.label[lang], { min: field.min, max: field.max }));
  }
  const start = field.notBefore ? fields.find((f) => f.name === field.notBefore) : undefined;
  if (start) rules.push(notBeforeRule(field, start, lang));
  return rules;
}

/** The fields a field's rules read besides its own value: changing one of them checks it again. */
export function dependenciesOf(field: FieldDef): string[] {
  return [field.requiredUnless?.field, field.notBefore].filter((name): name is string => name !== undefined);
}

function requiredRule(field: FieldDef, lang: Lang): Rule {
  const rule = { required: true, message: field.required?.[lang] };
  // Any other key (whitespace: false included) makes the validator check for a string, refusing numbers.
  const required = field.type === 'string' || field.type === 'text' ? { ...rule, whitespace: true } : rule;
  const unless = field.requiredUnless;
  if (!unless) return required;
  return ({ getFieldValue }) => ({
    ...required,
    required: String(getFieldValue(unless.field) ?? '') !== String(unless.value),
  });
}

/** An end date not before its start; either side empty passes, the same day too. */
function notBeforeRule(end: FieldDef, start: FieldDef, lang: Lang): Rule {
  const message = notBeforeMessage(end, start)[lang];
  return ({ getFieldValue }) => ({
    validator: (_, value) => {
      const from = getFieldValue(start.name);
      if (!value || !from || !dayjs(value).isBefore(dayjs(from), 'day')) return Promise.resolve();
      return Promise.reject(new Error(message));
    },
  });
}
