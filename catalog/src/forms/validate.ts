import ret, { type Root, type Token, types } from 'ret';
import { boundsProblem, MENU_PATH, ruleMessage } from '../rules.ts';
import type { Text } from '../types.ts';
import {
  BLOCKED_NAMES,
  evaluateExpression,
  expressionProblem,
  isDateText,
  isEmptyValue,
  isPlainObject,
} from './expression.ts';
import {
  FORM_FIELD_TYPES,
  FORM_SCHEMA_VERSION,
  type FormField,
  type FormFieldType,
  type FormOption,
  type FormSchema,
  LAYOUT_FIELD_TYPES,
  OTHER_TEXT_MAX,
  otherKey,
  RATING_DEFAULT_MAX,
  RATING_MAX_MAX,
  RATING_MIN_MAX,
} from './schema.ts';

/**
 * The one validator of designed forms (schemaProblems, run when a form is saved) and of filled ones
 * (formValueProblems, run by the renderer under each field and by the server on every submit), so both sides say
 * the same. Messages name the field by the label its designer typed, in both languages.
 */

export const FORM_MAX_FIELDS = 200;
export const FORM_PATTERN_MAX_LENGTH = 200;
/** A field's name: the key of its value, also a name an expression can read bare. */
export const FORM_FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/**
 * Names a field cannot take: the prototype doors, and the expression scope's names, which a field of that name
 * would hide (`starter.deptId` must mean the starter's department, not a field called starter).
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  ...BLOCKED_NAMES,
  'form',
  'starter',
  'nrOfInstances',
  'nrOfCompleted',
  'nrOfActive',
]);

/** Kinds whose min/max bound the value itself; otherwise they count characters or items (schema.ts). */
const VALUE_BOUNDED: readonly FormFieldType[] = ['number', 'money'];
/** Kinds with options (a matrix's are its columns). */
const OPTION_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox', 'ranking', 'matrix'];
/** Kinds whose options may hold an "other" choice. */
const OTHER_TYPES: readonly FormFieldType[] = ['radio', 'checkbox'];
/** Kinds that take neither min nor max, and those that take a max but no min (rating: its stars; ranking: how many). */
const NO_BOUNDS: readonly FormFieldType[] = ['nps', 'matrix'];
const MAX_ONLY: readonly FormFieldType[] = ['rating', 'ranking'];
/** The greatest score an option may give, either way. */
export const FORM_SCORE_LIMIT = 10_000;
const PICKER_TYPES: readonly FormFieldType[] = ['user', 'dept', 'enterprise'];
/** A value is a list of these: their min/max count items. */
const countsItems = (field: FormField) =>
  ['checkbox', 'upload', 'table'].includes(field.type) ||
  (field.multiple === true && (field.type === 'select' || PICKER_TYPES.includes(field.type)));

const ID = /^\d{1,19}$/;
const REGION_CODE = /^\d{1,12}$/;
const MONEY_DECIMALS = 2;

const t = (zh: string, en: string): Text => ({ zh, en });

/** The kinds a table cannot hold, as messages name them. */
const CONTAINER_NAMES = {
  table: t('明细', 'table'),
  group: t('分组', 'group'),
  divider: t('分割线', 'divider'),
  matrix: t('矩阵题', 'matrix'),
  ranking: t('排序题', 'ranking'),
};
/** The kinds a table's column cannot be. */
const NOT_IN_TABLE: readonly FormFieldType[] = ['table', ...LAYOUT_FIELD_TYPES, 'matrix', 'ranking'];

// ---------------------------------------------------------------------------------------------------------------
// The schema

/** Whether a designed form is well formed: every problem, first found first; none for a good one. */
export function schemaProblems(schema: unknown): Text[] {
  if (!isPlainObject(schema) || !Array.isArray(schema.fields)) {
    return [t('表单内容不是有效的表单结构', 'The form content is not a valid form schema')];
  }
  const problems: Text[] = [];
  if (schema.version !== FORM_SCHEMA_VERSION) {
    problems.push(
      t(`表单结构的版本应为${FORM_SCHEMA_VERSION}`, `The form schema version must be ${FORM_SCHEMA_VERSION}`),
    );
  }
  if (
    schema.labelWidth !== undefined &&
    !(typeof schema.labelWidth === 'number' && schema.labelWidth >= 0 && schema.labelWidth <= 1000)
  ) {
    problems.push(t('标签宽度应为0-1000之间的数字', 'The label width must be a number from 0 to 1000'));
  }
  if (schema.scoring !== undefined && typeof schema.scoring !== 'boolean') {
    problems.push(t('计分设置应为是或否', 'The scoring setting must be yes or no'));
  }
  let count = 0;
  const ids = new Set<string>();
  const formNames = new Set<string>();

  const checkList = (list: unknown[], names: Set<string>, table: FormField | undefined) => {
    for (const [index, raw] of list.entries()) {
      // Past the limit the form is refused anyway; stopping keeps a hostile nesting from recursing deep.
      if (++count > FORM_MAX_FIELDS) return;
      if (!isPlainObject(raw)) {
        problems.push(t(`第${index + 1}个字段格式不正确`, `Field ${index + 1} is not valid`));
        continue;
      }
      const field = raw as unknown as FormField;
      const label = labelOf(field);
      if (typeof field.id !== 'string' || !field.id) {
        problems.push(t(`字段${label}缺少编号`, `The field ${label} has no id`));
      } else if (ids.has(field.id)) {
        problems.push(t(`字段编号${field.id}重复`, `The field id ${field.id} is used twice`));
      } else {
        ids.add(field.id);
      }
      if (!(FORM_FIELD_TYPES as readonly string[]).includes(field.type)) {
        problems.push(
          t(
            `字段${label}的类型${String(field.type)}不受支持`,
            `The field ${label} has an unknown type ${String(field.type)}`,
          ),
        );
        continue;
      }
      if (table && NOT_IN_TABLE.includes(field.type)) {
        const kind = CONTAINER_NAMES[field.type as keyof typeof CONTAINER_NAMES];
        problems.push(
          t(`明细${labelOf(table)}中不能放${kind.zh}`, `The table ${labelOf(table)} cannot hold a ${kind.en}`),
        );
        continue;
      }
      problems.push(...fieldProblems(field, label, names));
      if (table && Array.isArray(field.options) && field.options.some((o) => isPlainObject(o) && o.other === true)) {
        problems.push(
          t(
            `明细${labelOf(table)}的列${label}不能有“其他”选项`,
            `The column ${label} of the table ${labelOf(table)} cannot have an "other" option`,
          ),
        );
      }
      if (field.type === 'group' || field.type === 'table') {
        if (!Array.isArray(field.children)) {
          problems.push(t(`${label}缺少其中的字段`, `The ${label} has no fields inside`));
        } else if (field.type === 'table') {
          if (!field.children.length) problems.push(t(`明细${label}缺少列`, `The table ${label} has no columns`));
          checkList(field.children, new Set(), field);
        } else {
          checkList(field.children, names, undefined);
        }
      }
    }
  };
  checkList(schema.fields, formNames, undefined);
  if (count > FORM_MAX_FIELDS) {
    problems.push(t(`表单最多${FORM_MAX_FIELDS}个字段`, `A form can have at most ${FORM_MAX_FIELDS} fields`));
  }
  return problems;
}

/** The field as messages name it. */
const labelOf = (field: Partial<FormField>) =>
  (typeof field.label === 'string' && field.label.trim()) ||
  (typeof field.name === 'string' && field.name) ||
  (typeof field.id === 'string' && field.id) ||
  '?';

function fieldProblems(field: FormField, label: string, names: Set<string>): Text[] {
  const problems: Text[] = [];
  const layout = LAYOUT_FIELD_TYPES.includes(field.type);
  const wrongKind = (zh: string, en: string) =>
    problems.push(t(`字段${label}的${zh}格式不正确`, `The ${en} of ${label} is not valid`));
  if (typeof field.label !== 'string' || (!layout && !field.label.trim())) {
    problems.push(t(`字段${label}缺少标题`, `The field ${label} has no label`));
  }
  if (!layout) {
    if (typeof field.name !== 'string' || !field.name) {
      problems.push(t(`字段${label}缺少字段名`, `The field ${label} has no name`));
    } else if (!FORM_FIELD_NAME.test(field.name)) {
      problems.push(
        t(
          `字段名${field.name}只能由字母、数字和下划线组成，以字母或下划线开头，最多64个字符`,
          `The field name ${field.name} must be letters, digits and underscores, start with a letter or underscore, and have at most 64 characters`,
        ),
      );
    } else if (RESERVED_FIELD_NAMES.has(field.name)) {
      problems.push(t(`字段名${field.name}是保留名称`, `The field name ${field.name} is reserved`));
    } else if (names.has(field.name)) {
      problems.push(t(`字段名${field.name}重复`, `The field name ${field.name} is used twice`));
    } else {
      names.add(field.name);
    }
  }
  for (const key of ['required', 'multiple'] as const) {
    if (field[key] !== undefined && typeof field[key] !== 'boolean') wrongKind(key, key);
  }
  for (const key of ['placeholder', 'help', 'pattern', 'patternMessage', 'showIf', 'defaultExpr'] as const) {
    if (field[key] !== undefined && typeof field[key] !== 'string') wrongKind(key, key);
  }
  if (field.span !== undefined && !(Number.isInteger(field.span) && field.span >= 1 && field.span <= 24)) {
    wrongKind('宽度', 'span');
  }
  if (
    field.precision !== undefined &&
    !(Number.isInteger(field.precision) && field.precision >= 0 && field.precision <= 10)
  ) {
    wrongKind('小数位数', 'precision');
  }

  if (OPTION_TYPES.includes(field.type)) {
    if (!Array.isArray(field.options) || !field.options.length) {
      problems.push(
        field.type === 'matrix'
          ? t(`矩阵题${label}缺少列`, `The matrix ${label} has no columns`)
          : t(`字段${label}缺少选项`, `The field ${label} has no options`),
      );
    } else {
      problems.push(...optionProblems(field, label, field.options as unknown[]));
    }
  }
  if (field.type === 'matrix') {
    if (!Array.isArray(field.rows) || !field.rows.length) {
      problems.push(t(`矩阵题${label}缺少行`, `The matrix ${label} has no rows`));
    } else {
      problems.push(...rowProblems(label, field.rows as unknown[]));
    }
  } else if (field.rows !== undefined) {
    wrongKind('行', 'rows');
  }

  const whole = !VALUE_BOUNDED.includes(field.type);
  for (const key of ['min', 'max'] as const) {
    const bound = field[key];
    if (bound === undefined) continue;
    if (typeof bound !== 'number' || !Number.isFinite(bound) || (whole && !(Number.isInteger(bound) && bound >= 0))) {
      const zh = key === 'min' ? '最小值' : '最大值';
      const en = key === 'min' ? 'least value' : 'greatest value';
      problems.push(
        whole
          ? t(`字段${label}的${zh}应为不小于0的整数`, `The ${en} of ${label} must be a whole number, 0 or more`)
          : t(`字段${label}的${zh}应为数字`, `The ${en} of ${label} must be a number`),
      );
    }
  }
  if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max) {
    problems.push(
      t(`字段${label}的最小值不能大于最大值`, `The least value of ${label} cannot be more than its greatest`),
    );
  }
  if ((NO_BOUNDS.includes(field.type) || MAX_ONLY.includes(field.type)) && field.min !== undefined) {
    problems.push(t(`字段${label}不使用最小值`, `${label} takes no least value`));
  }
  if (NO_BOUNDS.includes(field.type) && field.max !== undefined) {
    problems.push(t(`字段${label}不使用最大值`, `${label} takes no greatest value`));
  }
  if (
    field.type === 'rating' &&
    field.max !== undefined &&
    !(Number.isInteger(field.max) && field.max >= RATING_MIN_MAX && field.max <= RATING_MAX_MAX)
  ) {
    problems.push(
      t(
        `评分${label}的星数应为${RATING_MIN_MAX}-${RATING_MAX_MAX}`,
        `The stars of the rating ${label} must be ${RATING_MIN_MAX} to ${RATING_MAX_MAX}`,
      ),
    );
  }
  if (field.type === 'ranking' && field.max !== undefined && Array.isArray(field.options)) {
    if (!(Number.isInteger(field.max) && field.max >= 1 && field.max <= field.options.length)) {
      problems.push(
        t(
          `排序题${label}的排序项数应为1到选项数`,
          `The ranking ${label} must rank from 1 to as many items as it has options`,
        ),
      );
    }
  }

  if (typeof field.pattern === 'string') {
    if (field.pattern.length > FORM_PATTERN_MAX_LENGTH) {
      problems.push(
        t(
          `字段${label}的正则表达式不能超过${FORM_PATTERN_MAX_LENGTH}个字符`,
          `The pattern of ${label} cannot be longer than ${FORM_PATTERN_MAX_LENGTH} characters`,
        ),
      );
    } else if (!patternOf(field.pattern)) {
      problems.push(t(`字段${label}的正则表达式不正确`, `The pattern of ${label} is not a valid regular expression`));
    } else if (nestsUnboundedRepetitions(field.pattern)) {
      // A nested repetition ((a+)+) can take the server minutes on one long value: refused when the form is designed.
      problems.push(
        t(
          `字段${label}的正则表达式含有嵌套的重复，匹配可能极慢`,
          `The pattern of ${label} nests repetitions, which can make matching extremely slow`,
        ),
      );
    }
  }

  for (const [key, zh, en] of [
    ['showIf', '显示条件', 'show-if condition'],
    ['defaultExpr', '默认值表达式', 'default expression'],
  ] as const) {
    const src = field[key];
    if (typeof src !== 'string' || !src.trim()) continue;
    const problem = expressionProblem(src);
    if (problem) problems.push(t(`字段${label}的${zh}：${problem.zh}`, `The ${en} of ${label}: ${problem.en}`));
  }

  if (field.defaultValue !== undefined && !layout) {
    const problem = valueProblems(field, field.defaultValue, {}, false)[0];
    if (problem)
      problems.push(t(`字段${label}的默认值：${problem.zh}`, `The default value of ${label}: ${problem.en}`));
  }
  return problems;
}

/** A choice field's options: strings, unique values, at most one "other" (radio and checkbox only), scores as numbers. */
function optionProblems(field: FormField, label: string, options: unknown[]): Text[] {
  const problems: Text[] = [];
  const values = new Set<string>();
  let others = 0;
  for (const option of options) {
    if (!isPlainObject(option) || typeof option.label !== 'string' || typeof option.value !== 'string') {
      problems.push(t(`字段${label}的选项格式不正确`, `The field ${label} has an option that is not valid`));
      continue;
    }
    if (values.has(option.value)) {
      problems.push(
        t(`字段${label}的选项值${option.value}重复`, `The field ${label} has the option value ${option.value} twice`),
      );
    } else {
      values.add(option.value);
    }
    if (option.other !== undefined) {
      if (typeof option.other !== 'boolean') {
        problems.push(t(`字段${label}的选项格式不正确`, `The field ${label} has an option that is not valid`));
      } else if (option.other && !OTHER_TYPES.includes(field.type)) {
        problems.push(t(`字段${label}不能有“其他”选项`, `The field ${label} cannot have an "other" option`));
      } else if (option.other && ++others === 2) {
        problems.push(t(`字段${label}最多一个“其他”选项`, `The field ${label} can have at most one "other" option`));
      }
    }
    if (option.score !== undefined && !isScore(option.score)) {
      problems.push(
        t(
          `字段${label}的选项${option.label}的分值应为-${FORM_SCORE_LIMIT}到${FORM_SCORE_LIMIT}之间、最多两位小数的数字`,
          `The score of the option ${option.label} of ${label} must be a number from -${FORM_SCORE_LIMIT} to ${FORM_SCORE_LIMIT} with at most 2 decimals`,
        ),
      );
    }
  }
  return problems;
}

const isScore = (score: unknown): score is number =>
  typeof score === 'number' &&
  Number.isFinite(score) &&
  Math.abs(score) <= FORM_SCORE_LIMIT &&
  hasDecimals(score, MONEY_DECIMALS);

/** A matrix's rows: a label and a value each, the values unique and usable as keys of its value. */
function rowProblems(label: string, rows: unknown[]): Text[] {
  const problems: Text[] = [];
  const values = new Set<string>();
  for (const row of rows) {
    if (!isPlainObject(row) || typeof row.label !== 'string' || typeof row.value !== 'string' || !row.value) {
      problems.push(t(`矩阵题${label}的行格式不正确`, `The matrix ${label} has a row that is not valid`));
    } else if (BLOCKED_NAMES.has(row.value)) {
      problems.push(
        t(`矩阵题${label}的行值${row.value}是保留名称`, `The row value ${row.value} of ${label} is reserved`),
      );
    } else if (values.has(row.value)) {
      problems.push(
        t(`矩阵题${label}的行值${row.value}重复`, `The matrix ${label} has the row value ${row.value} twice`),
      );
    } else {
      values.add(row.value);
    }
  }
  return problems;
}

/**
 * Whether an unbounded repetition (`*`, `+`, `{n,}`) holds another one: `(a+)+` tries exponentially many ways to
 * split a long value that almost matches. Bounded ones (`(0\\d{2,3}-)?\\d{7,8}`, the landline rule) stay allowed.
 */
function nestsUnboundedRepetitions(pattern: string): boolean {
  let tree: Root;
  try {
    tree = ret(pattern);
  } catch {
    return false;
  }
  const walk = (token: Token | Root, inside: boolean): boolean => {
    switch (token.type) {
      case types.REPETITION: {
        const unbounded = token.max === null || token.max === Number.POSITIVE_INFINITY;
        if (unbounded && inside) return true;
        return walk(token.value, inside || unbounded);
      }
      case types.ROOT:
      case types.GROUP: {
        const branches = token.options ?? (token.stack ? [token.stack] : []);
        return branches.some((branch) => branch.some((t) => walk(t, inside)));
      }
      default:
        return false;
    }
  };
  return walk(tree, false);
}

const patterns = new Map<string, RegExp | null>();

/** A field's pattern as the whole value must match it (unicode mode on both sides); null when it does not compile. */
export function patternOf(pattern: string): RegExp | null {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      compiled = null;
    }
    if (patterns.size >= 200) patterns.delete(patterns.keys().next().value!);
    patterns.set(pattern, compiled);
  }
  return compiled;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

export interface FormValueProblem {
  /** The field's name (a table's problems name the table; the text says the row). */
  field: string;
  text: Text;
}

export interface FormValueOptions {
  /** Only these fields are checked (the fields a task may edit); all when not given. */
  editable?: Set<string>;
  /** What showIf conditions read besides `form` (the values): `starter`, ... */
  scope?: Record<string, unknown>;
}

/** Whether a field's showIf holds; a field without one is shown, and so is one whose condition does not parse. */
function shown(field: FormField, scope: Record<string, unknown>): boolean {
  if (typeof field.showIf !== 'string' || !field.showIf.trim()) return true;
  try {
    return Boolean(evaluateExpression(field.showIf, scope));
  } catch {
    return true;
  }
}

/**
 * The value fields a form shows with these values (groups' fields are top-level; hidden groups hide theirs); `scope`
 * holds the values as `form` and what else show-ifs read (`starter`, ...).
 */
export function visibleFields(fields: readonly FormField[] | undefined, scope: Record<string, unknown>): FormField[] {
  const out: FormField[] = [];
  for (const field of Array.isArray(fields) ? fields : []) {
    if (!isFieldObject(field) || !shown(field, scope)) continue;
    if (field.type === 'group') out.push(...visibleFields(field.children, scope));
    else if (!LAYOUT_FIELD_TYPES.includes(field.type) && isFieldName(field.name)) out.push(field);
  }
  return out;
}

/** A field of a stored schema is still an object (not a type guard: it narrows nothing of FormField's). */
const isFieldObject = (field: unknown): boolean => isPlainObject(field);

/** A name a value may be stored under (never a prototype door, even in a schema nobody checked). */
const isFieldName = (name: unknown): name is string =>
  typeof name === 'string' && FORM_FIELD_NAME.test(name) && !BLOCKED_NAMES.has(name);

const scopeOf = (values: Record<string, unknown>, options: { scope?: Record<string, unknown> } = {}) => ({
  ...options.scope,
  form: values,
});

/** Every problem of a filled form, per field, in the form's order; none when it may be submitted. */
export function formValueProblems(
  schema: FormSchema,
  values: unknown,
  options: FormValueOptions = {},
): FormValueProblem[] {
  if (!isPlainObject(values)) return [{ field: '', text: t('表单数据格式不正确', 'The form data is not valid') }];
  const scope = scopeOf(values, options);
  const problems: FormValueProblem[] = [];
  for (const field of visibleFields(schema?.fields, scope)) {
    if (options.editable && !options.editable.has(field.name!)) continue;
    const value = Object.hasOwn(values, field.name!) ? values[field.name!] : undefined;
    const own = valueProblems(field, value, scope, true);
    for (const text of own) problems.push({ field: field.name!, text });
    if (own.length) continue;
    const key = otherKey(field.name!);
    const other = otherTextProblem(field, value, Object.hasOwn(values, key) ? values[key] : undefined);
    if (other) problems.push({ field: field.name!, text: other });
  }
  return problems;
}

/** Whether a number is exactly one written with at most `places` decimals (0.1 + 0.2 is not 0.3). */
const hasDecimals = (value: number, places: number) => Number(value.toFixed(places)) === value;

const chars = (value: string) => [...value].length;

/** What is wrong with one field's value, first problem first (a table lists each row's). */
function valueProblems(
  field: FormField,
  value: unknown,
  scope: Record<string, unknown>,
  requiredCheck: boolean,
): Text[] {
  const label = labelOf(field);
  if (isEmptyValue(value) || (field.type === 'matrix' && isPlainObject(value) && !answeredRows(field, value).length)) {
    return requiredCheck && field.required ? [t(`请填写${label}`, `${label} is required`)] : [];
  }
  const options = new Set((field.options ?? []).map((option) => option.value));
  const problem = (zh: string, en: string) => [t(zh, en)];
  const typeProblem = (zh: string, en: string) => problem(`${label}${zh}`, `${label} ${en}`);

  switch (field.type) {
    case 'input':
    case 'textarea':
    case 'richText': {
      if (typeof value !== 'string') return typeProblem('应为文字', 'must be text');
      if (field.type === 'richText') return [];
      const length = chars(value);
      if (typeof field.min === 'number' && length < field.min) {
        return typeProblem(`至少${field.min}个字`, `must have at least ${field.min} characters`);
      }
      if (typeof field.max === 'number' && length > field.max) {
        return typeProblem(`最多${field.max}个字`, `can have at most ${field.max} characters`);
      }
      if (typeof field.pattern === 'string' && field.pattern) {
        const pattern = patternOf(field.pattern);
        if (pattern && !pattern.test(value)) {
          return field.patternMessage?.trim()
            ? problem(field.patternMessage, field.patternMessage)
            : typeProblem('格式不正确', 'is not in the expected format');
        }
      }
      return [];
    }
    case 'number':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return typeProblem('应为数字', 'must be a number');
      const places = field.type === 'money' ? MONEY_DECIMALS : field.precision;
      if (places !== undefined && places >= 0 && places <= 10 && !hasDecimals(value, places)) {
        return places === 0
          ? typeProblem('应为整数', 'must be a whole number')
          : typeProblem(`最多${places}位小数`, `can have at most ${places} decimal${places === 1 ? '' : 's'}`);
      }
      const bounds = boundsProblem(value, { min: field.min, max: field.max });
      return bounds ? [ruleMessage(bounds.message, { label, ...bounds.values })] : [];
    }
    case 'date':
      return isDateText(value) ? [] : typeProblem('应为日期（yyyy-MM-dd）', 'must be a date (yyyy-MM-dd)');
    case 'dateRange':
      if (!Array.isArray(value) || value.length !== 2 || !isDateText(value[0]) || !isDateText(value[1])) {
        return typeProblem('应为开始和结束日期（yyyy-MM-dd）', 'must be a start and an end date (yyyy-MM-dd)');
      }
      return value[0] > value[1]
        ? problem(`${label}的结束日期不能早于开始日期`, `The end of ${label} cannot be before its start`)
        : [];
    case 'select':
    case 'radio':
    case 'checkbox': {
      const list = field.type === 'checkbox' || (field.type === 'select' && field.multiple === true);
      const picked = list ? value : [value];
      if (
        !Array.isArray(picked) ||
        !picked.every((item) => typeof item === 'string' && options.has(item)) ||
        new Set(picked).size !== picked.length
      ) {
        return typeProblem('的选项不在可选范围内', 'has a choice that is not offered');
      }
      return countProblems(field, label, picked.length);
    }
    case 'rating': {
      const stars = starsOf(field);
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= stars
        ? []
        : typeProblem(`应为1-${stars}星`, `must be 1 to ${stars} stars`);
    }
    case 'nps':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10
        ? []
        : typeProblem('应为0-10的整数', 'must be a whole number from 0 to 10');
    case 'matrix': {
      if (!isPlainObject(value)) return typeProblem('应为每行的选择', 'must be a choice per row');
      const rows = new Set(rowsOf(field).map((row) => row.value));
      for (const [row, cell] of Object.entries(value)) {
        if (!rows.has(row)) return typeProblem('中有不存在的行', 'has a row that is not offered');
        if (isEmptyValue(cell)) continue;
        const picked = field.multiple === true ? cell : [cell];
        if (
          !Array.isArray(picked) ||
          !picked.every((item) => typeof item === 'string' && options.has(item)) ||
          new Set(picked).size !== picked.length
        ) {
          return typeProblem('的选项不在可选范围内', 'has a choice that is not offered');
        }
      }
      if (requiredCheck && field.required) {
        const answered = new Set(answeredRows(field, value));
        const missing = rowsOf(field).find((row) => !answered.has(row.value));
        if (missing) return problem(`请回答${label}的“${missing.label}”`, `${label}: answer the row ${missing.label}`);
      }
      return [];
    }
    case 'ranking': {
      if (
        !Array.isArray(value) ||
        !value.every((item) => typeof item === 'string' && options.has(item)) ||
        new Set(value).size !== value.length
      ) {
        return typeProblem('的选项不在可选范围内', 'has a choice that is not offered');
      }
      const count = rankCount(field);
      if (value.length === count) return [];
      return count === options.size
        ? typeProblem(`应将全部${count}项排序`, `must rank all ${count} options`)
        : typeProblem(`应选出前${count}项并排序`, `must rank the first ${count} options`);
    }
    case 'switch':
      return typeof value === 'boolean' ? [] : typeProblem('应为是或否', 'must be yes or no');
    case 'region':
      return Array.isArray(value) && value.every((code) => typeof code === 'string' && REGION_CODE.test(code))
        ? []
        : typeProblem('应为地区编码', 'must be region codes');
    case 'user':
    case 'dept':
    case 'enterprise': {
      const picked = field.multiple === true ? value : [value];
      if (
        !Array.isArray(picked) ||
        !picked.every((id) => typeof id === 'string' && ID.test(id)) ||
        new Set(picked).size !== picked.length
      ) {
        return typeProblem('的取值不正确', 'is not a valid choice');
      }
      return countProblems(field, label, picked.length);
    }
    case 'upload': {
      const good = (item: unknown) =>
        isPlainObject(item) &&
        typeof item.name === 'string' &&
        item.name.trim() !== '' &&
        item.name.length <= 255 &&
        typeof item.link === 'string' &&
        item.link.length <= 500 &&
        MENU_PATH.test(item.link);
      if (!Array.isArray(value) || !value.every(good))
        return typeProblem('中有无效的附件', 'has an attachment that is not valid');
      return countProblems(field, label, value.length);
    }
    case 'table': {
      if (!Array.isArray(value) || !value.every(isPlainObject)) return typeProblem('应为明细行', 'must be rows');
      const counted = countProblems(field, label, value.length);
      if (counted.length) return counted;
      const columns = visibleFields(field.children, scope);
      return value.flatMap((row, index) =>
        columns.flatMap((column) =>
          valueProblems(
            column,
            Object.hasOwn(row, column.name!) ? row[column.name!] : undefined,
            scope,
            requiredCheck,
          ).map((text) => t(`${label}第${index + 1}行：${text.zh}`, `${label}, row ${index + 1}: ${text.en}`)),
        ),
      );
    }
    default:
      return [];
  }
}

const items = (n: number) => (n === 1 ? 'item' : 'items');

/** A rating's stars. */
export const starsOf = (field: FormField): number =>
  Number.isInteger(field.max) && (field.max as number) >= RATING_MIN_MAX && (field.max as number) <= RATING_MAX_MAX
    ? (field.max as number)
    : RATING_DEFAULT_MAX;

/** How many options a ranking orders: its `max`, or all of them. */
export function rankCount(field: FormField): number {
  const all = Array.isArray(field.options) ? field.options.length : 0;
  return Number.isInteger(field.max) && (field.max as number) >= 1 ? Math.min(field.max as number, all) : all;
}

/** A matrix's rows (those well formed). */
const rowsOf = (field: FormField): FormOption[] =>
  (Array.isArray(field.rows) ? field.rows : []).filter(
    (row) => isPlainObject(row) && typeof row.value === 'string' && typeof row.label === 'string',
  );

/** The rows of a matrix's value that hold an answer. */
const answeredRows = (field: FormField, value: Record<string, unknown>): string[] =>
  rowsOf(field)
    .map((row) => row.value)
    .filter((row) => Object.hasOwn(value, row) && !isEmptyValue(value[row]));

/** A radio's or checkbox's "other" option, when it has one. */
export function otherOption(field: FormField): FormOption | undefined {
  if (!OTHER_TYPES.includes(field.type) || !Array.isArray(field.options)) return undefined;
  return field.options.find((option) => isPlainObject(option) && option.other === true);
}

/** Whether a field's value picks its "other" option (so its text is asked, kept and checked). */
export function picksOther(field: FormField, value: unknown): boolean {
  const other = otherOption(field);
  if (!other) return false;
  return Array.isArray(value) ? value.includes(other.value) : value === other.value;
}

/**
 * What is wrong with the text of a field's "other" choice (`values[otherKey(name)]`): wanted, as text of at most
 * OTHER_TEXT_MAX characters, whenever the value picks the "other" option; nothing is asked otherwise.
 */
export function otherTextProblem(field: FormField, value: unknown, text: unknown): Text | undefined {
  if (!picksOther(field, value)) return undefined;
  const label = labelOf(field);
  const other = (otherOption(field) as FormOption).label;
  if (typeof text !== 'string' || !text.trim()) {
    return t(`请填写${label}的“${other}”内容`, `${label}: please say what "${other}" is`);
  }
  if (chars(text) > OTHER_TEXT_MAX) {
    return t(
      `${label}的“${other}”内容最多${OTHER_TEXT_MAX}个字`,
      `${label}: "${other}" can have at most ${OTHER_TEXT_MAX} characters`,
    );
  }
  return undefined;
}

function countProblems(field: FormField, label: string, count: number): Text[] {
  if (!countsItems(field)) return [];
  if (typeof field.min === 'number' && count < field.min) {
    return [t(`${label}至少${field.min}项`, `${label} needs at least ${field.min} ${items(field.min)}`)];
  }
  if (typeof field.max === 'number' && count > field.max) {
    return [t(`${label}最多${field.max}项`, `${label} can have at most ${field.max} ${items(field.max)}`)];
  }
  return [];
}

/**
 * The values as the server stores them: only the fields shown with these values (hidden fields and keys the form
 * does not have are dropped; a table's rows keep only its shown columns), and the text of an "other" choice
 * (`otherKey(name)`) while the field's value picks that option.
 */
export function visibleValues(
  schema: FormSchema,
  values: Record<string, unknown>,
  options: { scope?: Record<string, unknown> } = {},
): Record<string, unknown> {
  if (!isPlainObject(values)) return {};
  const scope = scopeOf(values, options);
  const kept: [string, unknown][] = [];
  for (const field of visibleFields(schema?.fields, scope)) {
    const name = field.name!;
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (field.type === 'table' && Array.isArray(value)) {
      const columns = visibleFields(field.children, scope);
      const rows = value.map((row) =>
        isPlainObject(row)
          ? Object.fromEntries(columns.filter((c) => Object.hasOwn(row, c.name!)).map((c) => [c.name!, row[c.name!]]))
          : row,
      );
      kept.push([name, rows]);
      continue;
    }
    kept.push([name, value]);
    // The text of an "other" choice goes with the value that picks it, and only then.
    const key = otherKey(name);
    if (picksOther(field, value) && Object.hasOwn(values, key)) kept.push([key, values[key]]);
  }
  return Object.fromEntries(kept);
}

/**
 * A new form's values: each field's defaultValue, or else its defaultExpr evaluated over the scope (`starter`, ...)
 * and the defaults before it (`form`). A table's columns are a new row's defaults: `defaultValues({ version, fields:
 * table.children }, scope)`. An expression that does not parse or gives nothing leaves its field out.
 */
export function defaultValues(schema: FormSchema, scope: Record<string, unknown> = {}): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const visit = (fields: readonly FormField[] | undefined) => {
    for (const field of Array.isArray(fields) ? fields : []) {
      if (!isFieldObject(field)) continue;
      if (field.type === 'group') {
        visit(field.children);
        continue;
      }
      if (LAYOUT_FIELD_TYPES.includes(field.type) || !isFieldName(field.name)) continue;
      let value: unknown;
      if (field.defaultValue !== undefined) {
        value = structuredClone(field.defaultValue);
      } else if (typeof field.defaultExpr === 'string' && field.defaultExpr.trim()) {
        try {
          value = evaluateExpression(field.defaultExpr, { ...scope, form });
        } catch {
          value = undefined;
        }
      }
      if (value !== undefined) form[field.name] = value;
    }
  };
  visit(schema?.fields);
  return form;
}
