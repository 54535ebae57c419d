/**
 * One form schema for workflow forms and questionnaires (ARCHITECTURE.md "One form schema"): designed by
 * drag and drop (web/src/components/form-designer), drawn by one renderer (components/form-renderer) and
 * checked by one validator (./validate.ts) on both sides. A form version stores this object as JSON; a
 * stored version is never edited, a save makes the next one.
 */

export const FORM_SCHEMA_VERSION = 1;

/**
 * The kinds of field the designer offers. The last four are a questionnaire's (the designer offers them in its
 * questionnaire mode only); the validator and the renderer take every kind in every form.
 */
export const FORM_FIELD_TYPES = [
  'input', // one line of text
  'textarea', // several lines of text
  'number',
  'money', // yuan, two decimals
  'date', // yyyy-MM-dd
  'dateRange', // [yyyy-MM-dd, yyyy-MM-dd]
  'select',
  'radio',
  'checkbox', // several of the options: string[]
  'switch', // boolean
  'region', // the region cascader: region codes from province down, string[]
  'user', // a person picker: user id (string), or ids with `multiple`
  'dept', // a department picker: dept id, or ids with `multiple`
  'enterprise', // the enterprise selector: enterprise id, or ids with `multiple`
  'upload', // attachments: [{ name, link }]
  'richText', // HTML, sanitised by the server
  'table', // 明细, a sub-table: rows of the `children` columns, Record<string, unknown>[]
  'divider', // a heading line, no value
  'group', // a titled section of `children`, no value of its own (its children's names are top-level)
  'rating', // stars: a whole number 1..max (max 3-10, default 5)
  'nps', // the Net Promoter Score scale: a whole number 0..10
  'matrix', // rows × columns (`rows` × `options`): { [row value]: column value }, or column values[] with `multiple`
  'ranking', // the options in the respondent's order: option values[], all of them or the first `max`
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Kinds that hold no value of their own. */
export const LAYOUT_FIELD_TYPES: readonly FormFieldType[] = ['divider', 'group'];

/** The kinds only a questionnaire's designer offers (a workflow form's palette has none of them). */
export const QUESTIONNAIRE_FIELD_TYPES: readonly FormFieldType[] = ['rating', 'nps', 'matrix', 'ranking'];

/** A rating's stars when its `max` is not set, and the fewest and most it may set. */
export const RATING_DEFAULT_MAX = 5;
export const RATING_MIN_MAX = 3;
export const RATING_MAX_MAX = 10;

/** The most characters of the text an "other" option asks for. */
export const OTHER_TEXT_MAX = 500;

export interface FormOption {
  label: string;
  value: string;
  /**
   * radio, checkbox: the "other" option (at most one per field, not in a table's column): choosing it asks a text,
   * stored beside the field's value under `otherKey(name)` (`<name>:other`, never a field's name); the field's value
   * stays the option's value, as for any option.
   */
  other?: boolean;
  /** The points this choice gives when the form scores (`FormSchema.scoring`): select, radio, checkbox, matrix columns. */
  score?: number;
}

export interface FormField {
  /** Stable id in the designer (`f_` and a few letters); unique in the form. */
  id: string;
  type: FormFieldType;
  /** The key of the value in the form's data; unique in the form (a table's columns: unique in the table). Layout kinds have none. */
  name?: string;
  /** The label an operator typed (forms are designed in one language). */
  label: string;
  placeholder?: string;
  /** A line of help under the field. */
  help?: string;
  required?: boolean;
  /** number, money: the least value; input, textarea: the least length; checkbox, upload, table, multiple pickers: the fewest items. */
  min?: number;
  /**
   * The greatest value, length or count, like `min`; rating: its stars (3-10, default 5); ranking: rank only the
   * first `max` options (all of them without it).
   */
  max?: number;
  /** input, textarea: a regular expression the whole value must match, and the message when it does not. */
  pattern?: string;
  patternMessage?: string;
  /** select, radio, checkbox, ranking: the choices; matrix: its columns. */
  options?: FormOption[];
  /** matrix: its rows (each row's `value` is a key of the matrix's value). */
  rows?: FormOption[];
  /** select, user, dept, enterprise: several values (an array); matrix: several columns per row. */
  multiple?: boolean;
  /** number: decimals (money is always 2). */
  precision?: number;
  /** Width in 24ths of the row (default 24). */
  span?: number;
  /** An expression (../expression) over the form's values: the field is shown, required and kept only while it is true. */
  showIf?: string;
  /** The value a new form starts with. */
  defaultValue?: unknown;
  /** A computed default: an expression over the starter's attributes and the form's values, evaluated when the form opens. */
  defaultExpr?: string;
  /** group: its fields; table: its columns (no group or table inside). */
  children?: FormField[];
}

export interface FormSchema {
  version: typeof FORM_SCHEMA_VERSION;
  /** Label column width in pixels on a wide screen (labels go above the field on a narrow one). */
  labelWidth?: number;
  /** A questionnaire that scores: each sheet's score is the sum of its chosen options' `score`s (`formScore`). */
  scoring?: boolean;
  fields: FormField[];
}

/** Where the text of a field's "other" choice is stored in the form's values: beside the field, `<name>:other`. */
export const otherKey = (name: string) => `${name}:other`;

/** A task's right to a field of the process form (BPMN `park:FieldAuth`); a field not named is read-only at a task. */
export type FieldAuthMode = 'editable' | 'readonly' | 'hidden';
