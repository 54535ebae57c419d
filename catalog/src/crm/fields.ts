import type { TextFormat } from '../rules.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, FieldType, Text } from '../types.ts';

/** Field helpers shared by the CRM entities, so each declaration lists only what is its own. */

/** The enterprise a row belongs to; filled by the server for a company account, so not `required` here. */
export const enterpriseField: FieldDef = {
  name: 'enterpriseId',
  type: 'id',
  label: { zh: '所属企业', en: 'Enterprise' },
  search: true,
  picker: 'enterprise',
};

/** A text field; `required` is the spec-style message "请输入…". */
export function text(
  name: string,
  label: Text,
  opts: { required?: boolean; max?: number; search?: boolean; format?: TextFormat } = {},
): FieldDef {
  return {
    name,
    type: 'string',
    label,
    maxLength: opts.max ?? 255,
    format: opts.format,
    search: opts.search,
    required: opts.required ? { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` } : undefined,
    sort: opts.search,
  };
}

/** A multi-line text, shown in the form only. */
export function longText(name: string, label: Text, required = false): FieldDef {
  return {
    name,
    type: 'text',
    label,
    maxLength: 2000,
    list: false,
    span: 24,
    required: required ? { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` } : undefined,
  };
}

/** A value picked from a dictionary; `required` is "请选择…". */
export function dictField(name: string, label: Text, dict: string, required = false): FieldDef {
  return {
    name,
    type: 'int',
    label,
    dict,
    search: true,
    required: required ? { zh: `请选择${label.zh}`, en: `Please select the ${label.en.toLowerCase()}` } : undefined,
  };
}

/** An amount, a count, an area: never negative. */
export const NOT_NEGATIVE = { min: 0 } as const;

/** A typed value (date, money, number, id) with an optional "请选择/请输入" message. */
export function typed(
  name: string,
  type: Exclude<FieldType, 'string' | 'text'>,
  label: Text,
  opts: { required?: boolean; list?: boolean; sort?: boolean; notBefore?: string; min?: number; max?: number } = {},
): FieldDef {
  const pick = type === 'date' || type === 'datetime' || type === 'id';
  return {
    name,
    type,
    label,
    list: opts.list,
    notBefore: opts.notBefore,
    min: opts.min,
    max: opts.max,
    sort: opts.sort ?? (type === 'date' || type === 'int'),
    required: opts.required
      ? pick
        ? { zh: `请选择${label.zh}`, en: `Please select the ${label.en.toLowerCase()}` }
        : { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` }
      : undefined,
  };
}

export interface CrmEntitySpec {
  key: string;
  /** Path below blade-crm/ of its API. */
  api: string;
  /** Path below /crm/ of its screen (the seeded menu's). */
  route: string;
  table: string;
  label: Text;
  fields: FieldDef[];
  /** The row this one hangs under (a project's history, a platform's assets); it gives the enterprise. */
  parent?: FieldDef;
}

/** The enterprise detail pages: each shows every enterprise-scoped list in a tab. */
export const ENTERPRISE_DETAIL_SCREENS = ['/crm/enterprise', '/crm/my-enterprise'];

/**
 * An enterprise-scoped CRM entity: its own fields between the enterprise (and parent)
 * field and the shared remark and creation time.
 */
export function crmEntity(spec: CrmEntitySpec): EntityDef {
  return {
    key: spec.key,
    module: 'crm',
    api: `blade-crm/${spec.api}`,
    route: `/crm/${spec.route}`,
    table: spec.table,
    label: spec.label,
    fields: [enterpriseField, ...(spec.parent ? [spec.parent] : []), ...spec.fields, remarkField, createTimeField],
    readWith: ENTERPRISE_DETAIL_SCREENS,
  };
}
