/**
 * The entity catalog: one declaration per entity, read by the server (validation,
 * filters, the five endpoints) and by the web client (columns, search form, form).
 * Nothing here may import server-only or browser-only code.
 */

import type { TextFormat } from './rules.ts';

/** A text in both languages of the product. */
export interface Text {
  zh: string;
  en: string;
}

export type FieldType =
  | 'string' // single-line text
  | 'text' // multi-line text
  | 'int'
  | 'decimal'
  | 'money' // yuan, numeric(18,2), shown with the money formatter
  | 'date' // yyyy-MM-dd
  | 'datetime' // yyyy-MM-dd HH:mm:ss
  | 'id'; // 64-bit id, serialised as a string

/**
 * The lists a picker dialog picks a row from (spec part 2 "Row-picker dialog"), named as the
 * spec's enterprise-type codes (part 3).
 */
export const PICKER_KINDS = [
  'staff',
  'enterprise',
  'project',
  'certificate',
  'qualification',
  'intellectual-property',
] as const;
export type PickerKind = (typeof PICKER_KINDS)[number];

export interface FieldDef {
  /** camelCase name on the wire; the column is its snake_case form unless `column` says otherwise. */
  name: string;
  column?: string;
  type: FieldType;
  label: Text;
  /** When set, the field is required and this is the message (spec part 5). */
  required?: Text;
  /**
   * `required` does not hold for a row whose named field has this value (a company account,
   * user_type 2, has no park department); the stored value counts for a side a save leaves out.
   */
  requiredUnless?: { field: string; value: string | number };
  maxLength?: number;
  /** What a text value must look like (a mobile or any phone number, an email, a credit code, a cron schedule); see rules.ts. */
  format?: TextFormat;
  /** The least value of a number (0 for an amount, a count or an area, which are never negative). */
  min?: number;
  /** The greatest value of a number (100 for a percentage). */
  max?: number;
  /** When set, no two live rows of a tenant may share the value; this is the message. */
  unique?: Text;
  /** The value is the link of an image in the file store: picked with an upload in forms, shown as a picture. */
  image?: boolean;
  /** Dictionary code whose entries give the allowed values and their labels. */
  dict?: string;
  /** The `dict` code names the tenant's business dictionary (dict-biz) rather than a system one. */
  dictBiz?: boolean;
  /** Shown as a column in the list (default true). */
  list?: boolean;
  /** Offered in the list's search form. */
  search?: boolean;
  /** Allowed in ascs/descs. */
  sort?: boolean;
  /** Part of the add/edit form (default true). */
  form?: boolean;
  /** Width of the form item in 24ths (default 12; multi-line text 24). */
  span?: number;
  /** An id field naming a row of that list: picked in a dialog and shown by its name. */
  picker?: PickerKind;
  /**
   * An id field naming a row of another entity (by its key) that no dialog picks, shown by that row's
   * `nameField`. With `as`, the server reads that name with every row into the property `as` names,
   * and lists show it from there: for rows (users) that the screen showing the id may not read itself.
   * `offer` narrows what the record form's drop-down offers (list filters, CONTRACT.md) to the rows a save accepts.
   */
  ref?: { entity: string; nameField: string; as?: string; offer?: Record<string, string | number> };
  /** The value a new row's form starts with (the column's default, e.g. a status). */
  initial?: string | number;
  /**
   * A date that may not be earlier than the named date field of the same row (an end after its
   * start); the server checks every save, a side the body leaves out being the stored one.
   */
  notBefore?: string;
  /**
   * A limit that -1 or no value lifts (a tenant's account limit, its expiry): lists, details and
   * exports show 不限制 / Unlimited there instead of the stored value.
   */
  unlimited?: boolean;
  /** The value is a catalog entity's key (an attachment's owner): lists and exports show that entity's name. */
  entityKey?: boolean;
  /**
   * A 'text' field holding HTML: edited with the rich-text editor, sanitised by the server on
   * every save (server/src/resources/rich-text.ts), drawn as HTML rather than as raw text.
   */
  richText?: boolean;
  /**
   * A 'string' field holding tags, comma-joined: typed or picked in the tag input from the list of
   * this tag key (its dictionary, e.g. policy_tag_option).
   */
  tagKey?: string;
  /**
   * How much a list needs the column when the screen is narrow (web/src/crud/columns.tsx): `key` always shows (as
   * the row's first column, its amounts, states and yes/no flags do without this hint), `low` is among the first
   * hidden. Without it the field's kind decides.
   */
  listPriority?: 'key' | 'low';
}

/** Whether a value of an `unlimited` field stands for no limit: -1, or nothing at all. */
export function isUnlimited(value: unknown): boolean {
  return value === null || value === undefined || value === '' || Number(value) === -1;
}

export interface EntityDef {
  /** Unique key, also the button-code prefix: `param_add`, `param_edit`, `param_delete`, `param_view`. */
  key: string;
  /** Spec module (system, crm, basic, ...). */
  module: string;
  /** API path below /api, e.g. `blade-system/param`. */
  api: string;
  /** The menu path of its screen, e.g. `/system/param`. */
  route: string;
  table: string;
  label: Text;
  /** `tenant`: every row belongs to one tenant (default). `platform`: shared by all tenants. */
  scope?: 'tenant' | 'platform';
  fields: FieldDef[];
  /**
   * false for append-only tables (logs): rows carry only id, tenant_id and create_time
   * besides their fields, are never edited, and are not deleted logically.
   */
  audit?: boolean;
  /** Default order when the request gives none (default: create_time desc). */
  defaultSort?: { field: string; desc: boolean };
  /** Audit columns (updateTime) allowed in ascs/descs besides createTime and the fields declared `sort`; each is indexed. */
  sorts?: string[];
  /**
   * A tree (roles, departments, menus, dictionaries): its `list` answers every matching row as an
   * array, as BladeX's answers the tree. Any other entity's `list` answers a page, like `page`
   * (CONTRACT.md "Lists and paging").
   */
  tree?: boolean;
  /**
   * Menu paths of other screens that read this entity's rows besides its own (`route`): the
   * enterprise detail's tabs, a child list naming its parent. A caller must hold one of them
   * (or the own screen) to read it; see `readersOf`.
   */
  readWith?: string[];
  /**
   * Add and edit open full pages at `${route}/add` and `${route}/edit/:id` instead of the dialog
   * (a rich-text body needs the room).
   */
  editPages?: boolean;
}

/** Columns every business row carries (CONTRACT.md), in camelCase. */
export const AUDIT_FIELDS = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
] as const;

export function columnOf(field: Pick<FieldDef, 'name' | 'column'>): string {
  return field.column ?? toSnake(field.name);
}

export function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function toCamel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
