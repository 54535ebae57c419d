import jsep from 'jsep';
import type { Text } from '../types.ts';

/**
 * The one expression language of workflow conditions, show-if rules and computed defaults, run the same on the
 * server and in the browser. jsep only parses; what a parsed expression may do is decided here: jsep's tree is
 * checked and copied into our own small tree (anything not listed below is refused with a message), and our own
 * walker evaluates it. Nothing reaches `eval`, `Function`, a prototype, a getter or a function other than the
 * ones in FUNCTIONS, also when the data is hostile: member access reads own data properties of plain objects and
 * array elements only, and the walker refuses a tree it did not make.
 *
 * The scope: `form` (the form's values), `starter` (id, realName, deptId, postId, roleIds, userType) and, in a
 * multi-instance completion condition, `nrOfInstances`, `nrOfCompleted`, `nrOfActive`. A bare name is a form value
 * first (`days > 3` is `form.days > 3`), then a scope name; a name found nowhere is undefined (a field not filled).
 */

export const EXPRESSION_MAX_LENGTH = 1000;
export const EXPRESSION_MAX_DEPTH = 32;
/** Names refused anywhere in an expression: the doors to prototypes. */
export const BLOCKED_NAMES: ReadonlySet<string> = new Set(['constructor', '__proto__', 'prototype']);

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=' | 'in';

/** A checked expression: only these nodes exist, frozen, and only `parseExpression` makes them. */
export type Expr =
  | { readonly type: 'literal'; readonly value: string | number | boolean | null }
  | { readonly type: 'name'; readonly name: string }
  | { readonly type: 'member'; readonly object: Expr; readonly key: string | number }
  | { readonly type: 'array'; readonly elements: readonly Expr[] }
  | { readonly type: 'unary'; readonly operator: '!' | '-' | '+'; readonly argument: Expr }
  | { readonly type: 'binary'; readonly operator: BinaryOperator; readonly left: Expr; readonly right: Expr }
  | { readonly type: 'logical'; readonly operator: '&&' | '||'; readonly left: Expr; readonly right: Expr }
  | { readonly type: 'conditional'; readonly test: Expr; readonly consequent: Expr; readonly alternate: Expr }
  | { readonly type: 'call'; readonly name: ExpressionFunction; readonly args: readonly Expr[] };

/** A parse-time refusal, with its reason in both languages. */
export class ExpressionError extends Error {
  readonly text: Text;
  constructor(text: Text) {
    super(text.en);
    this.name = 'ExpressionError';
    this.text = text;
  }
}

const refuse = (zh: string, en: string): never => {
  throw new ExpressionError({ zh, en });
};

// `x in [..]` and `x in form.list`: membership, as tight as a comparison (JavaScript's place for `in`).
jsep.addBinaryOp('in', 7);

const BINARY: ReadonlySet<string> = new Set<BinaryOperator>([
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  'in',
]);
const UNARY: ReadonlySet<string> = new Set(['!', '-', '+']);

// ---------------------------------------------------------------------------------------------------------------
// Values: what the functions and operators accept. None of them throws on any data.

/** Empty as a required field sees it: nothing, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim()) || isEmptyArray(value);
}

const isEmptyArray = (value: unknown) => Array.isArray(value) && value.length === 0;

/** A plain data object (JSON's kind), never a class instance, function or exotic object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An own data property of a plain object or an element of an array; never a getter, never an inherited name. */
function readOwn(object: unknown, key: string | number): unknown {
  if (BLOCKED_NAMES.has(String(key))) return undefined;
  if (Array.isArray(object)) {
    const index = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : -1;
    if (!Number.isInteger(index) || index < 0 || index >= object.length) return undefined;
  } else if (!isPlainObject(object)) {
    return undefined;
  }
  const own = Object.getOwnPropertyDescriptor(object, key);
  return own && 'value' in own ? own.value : undefined;
}

const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A number, or a text that is one (a select's value '3'); undefined otherwise. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
  return undefined;
}

const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);

/** `==`: strict, except that null and undefined are equal and a number equals the text of that number. */
function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (typeof a === 'number' && typeof b === 'string') return numeric(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return numeric(a) === b;
  return false;
}

/** `< <= > >=`: numbers by value, texts (dates 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss') by text; anything else is false. */
function compare(operator: '<' | '<=' | '>' | '>=', a: unknown, b: unknown): boolean {
  let left: number | string;
  let right: number | string;
  if (typeof a === 'string' && typeof b === 'string') {
    left = a;
    right = b;
  } else {
    const x = numeric(a);
    const y = numeric(b);
    // A text compared with a number must be a number itself; two texts were handled above.
    if (x === undefined || y === undefined || (typeof a !== 'number' && typeof b !== 'number')) return false;
    left = x;
    right = y;
  }
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}

function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return finiteOrNull(a + b);
  const text = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
  if ((typeof a === 'string' || typeof b === 'string') && text(a) && text(b)) return String(a) + String(b);
  return null;
}

function arithmetic(operator: '-' | '*' | '/' | '%', a: unknown, b: unknown): number | null {
  const x = numeric(a);
  const y = numeric(b);
  if (x === undefined || y === undefined) return null;
  switch (operator) {
    case '-':
      return finiteOrNull(x - y);
    case '*':
      return finiteOrNull(x * y);
    case '/':
      return y === 0 ? null : finiteOrNull(x / y);
    case '%':
      return y === 0 ? null : finiteOrNull(x % y);
  }
}

// Dates: 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss', the product's formats, read as a wall clock in the park's zone.
const DAY_MS = 86_400_000;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
/** The park's zone (PARK_TIME_ZONE, Asia/Shanghai) has kept UTC+8 without summer time since 1991; cron.ts is not imported, to keep croner out of this chunk. */
const PARK_OFFSET_MS = 8 * 3_600_000;

/** The wall-clock time as milliseconds of a UTC calendar, and whether it had a time of day; undefined when not a real date. */
function readDate(value: unknown): { ms: number; time: boolean } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const ms = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const back = new Date(ms);
  const real =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo! - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return real ? { ms, time: m[4] !== undefined } : undefined;
}

/** Whether a text is a real 'yyyy-MM-dd' date. */
export function isDateText(value: unknown): value is string {
  const date = readDate(value);
  return date !== undefined && !date.time;
}

function writeDate(ms: number, time: boolean): string | null {
  const at = new Date(ms);
  const year = at.getUTCFullYear();
  if (!Number.isFinite(ms) || year < 1 || year > 9999) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${String(year).padStart(4, '0')}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  return time ? `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}` : date;
}

/** The park's wall clock now, as milliseconds of a UTC calendar. */
const parkNow = () => Date.now() + PARK_OFFSET_MS;

function roundTo(value: unknown, digits: unknown = 0): number | null {
  const x = numeric(value);
  const d = digits === undefined ? 0 : numeric(digits);
  if (x === undefined || d === undefined || !Number.isInteger(d) || d < 0 || d > 10) return null;
  // Shifting by exponent text keeps 1.005 -> 1.01 (1.005 * 100 is 100.49999...); halves go away from zero.
  const shifted = Math.round(Number(`${Math.abs(x)}e${d}`));
  const result = Number(`${shifted}e-${d}`);
  if (!Number.isFinite(result)) return finiteOrNull(Math.sign(x) * (Math.round(Math.abs(x) * 10 ** d) / 10 ** d));
  return Math.sign(x) * result || 0;
}

function extreme(pick: (...values: number[]) => number, args: unknown[]): number | null {
  const values = args.flatMap((arg) => (Array.isArray(arg) ? arg : [arg])).map(numeric);
  if (!values.length || values.some((v) => v === undefined)) return null;
  return pick(...(values as number[]));
}

interface FunctionDef {
  /** The fewest and most arguments. */
  arity: readonly [number, number];
  run: (args: unknown[]) => unknown;
}

/** The only things an expression can call; pure, and none throws on data. */
const FUNCTIONS = {
  /** Today in the park's zone, 'yyyy-MM-dd'. */
  today: { arity: [0, 0], run: () => writeDate(parkNow(), false) },
  /** Now in the park's zone, 'yyyy-MM-dd HH:mm:ss'. */
  now: { arity: [0, 0], run: () => writeDate(parkNow(), true) },
  /** Whole days from date a to date b (negative when b is earlier); null unless both are dates. */
  daysBetween: {
    arity: [2, 2],
    run: ([a, b]) => {
      const from = readDate(a);
      const to = readDate(b);
      return from && to ? Math.trunc((to.ms - from.ms) / DAY_MS) || 0 : null;
    },
  },
  /** The date (or date and time) n whole days later, in the format it came in. */
  addDays: {
    arity: [2, 2],
    run: ([date, n]) => {
      const from = readDate(date);
      const days = numeric(n);
      return from && days !== undefined && Number.isInteger(days)
        ? writeDate(from.ms + days * DAY_MS, from.time)
        : null;
    },
  },
  /** Characters of a text, items of a list; 0 for nothing. */
  len: {
    arity: [1, 1],
    run: ([x]) =>
      typeof x === 'string' ? [...x].length : Array.isArray(x) ? x.length : x === undefined || x === null ? 0 : null,
  },
  /** A text within a text, or an item of a list. */
  contains: {
    arity: [2, 2],
    run: ([haystack, needle]) => {
      if (typeof haystack === 'string') {
        return (typeof needle === 'string' || typeof needle === 'number') && haystack.includes(String(needle));
      }
      return Array.isArray(haystack) && haystack.some((item) => looseEquals(item, needle));
    },
  },
  number: {
    arity: [1, 1],
    run: ([x]) => (typeof x === 'boolean' ? Number(x) : (numeric(x) ?? null)),
  },
  /** Rounded to `digits` decimals (0 to 10, default 0), halves away from zero. */
  round: { arity: [1, 2], run: ([x, digits]) => roundTo(x, digits) },
  /** The least of numbers (a list counts as its items); null when any is not a number. */
  min: { arity: [1, 100], run: (args) => extreme(Math.min, args) },
  max: { arity: [1, 100], run: (args) => extreme(Math.max, args) },
  abs: {
    arity: [1, 1],
    run: ([x]) => {
      const v = numeric(x);
      return v === undefined ? null : Math.abs(v);
    },
  },
  /** Nothing, blank text or an empty list. */
  isEmpty: { arity: [1, 1], run: ([x]) => isEmptyValue(x) },
} satisfies Record<string, FunctionDef>;

export type ExpressionFunction = keyof typeof FUNCTIONS;
/** The functions an expression may call, for the designer's help. */
export const EXPRESSION_FUNCTIONS = Object.keys(FUNCTIONS) as ExpressionFunction[];
const functionOf = (name: string): FunctionDef | undefined =>
  Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name as ExpressionFunction] : undefined;

// ---------------------------------------------------------------------------------------------------------------
// Parsing: jsep's tree, checked and copied into ours.

/** The trees parseExpression made; evaluation refuses any other (a hand-made or cyclic object). */
const made = new WeakSet<object>();

function node<T extends Expr>(value: T): T {
  made.add(Object.freeze(value));
  return value;
}

const blocked = (name: string): never => refuse(`表达式不能调用 ${name}`, `Expressions cannot use ${name}`);

/** How a callee that is not a bare name reads, for the message. */
function describe(expression: jsep.Expression): string {
  if (expression.type === 'Identifier') return String(expression.name);
  if (expression.type === 'MemberExpression') {
    const m = expression as jsep.MemberExpression;
    const key = m.property as jsep.Expression;
    const part = m.computed ? `[${key.type === 'Literal' ? String(key.raw) : '…'}]` : `.${String(key.name)}`;
    return `${describe(m.object)}${part}`;
  }
  return '(…)';
}

function convert(expression: jsep.Expression, depth: number): Expr {
  if (depth > EXPRESSION_MAX_DEPTH) {
    refuse(
      `表达式的嵌套不能超过${EXPRESSION_MAX_DEPTH}层`,
      `An expression cannot nest more than ${EXPRESSION_MAX_DEPTH} levels`,
    );
  }
  const next = depth + 1;
  switch (expression.type) {
    case 'Literal': {
      const { value } = expression as jsep.Literal;
      if (typeof value === 'number' && !Number.isFinite(value)) refuse('数字太大', 'The number is too large');
      if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
        refuse('不支持的写法', 'This kind of value is not supported');
      }
      return node({ type: 'literal', value: value as string | number | boolean | null });
    }
    case 'Identifier': {
      const name = String(expression.name);
      if (BLOCKED_NAMES.has(name)) blocked(name);
      return node({ type: 'name', name });
    }
    case 'ThisExpression':
      return refuse('表达式不能使用 this', 'Expressions cannot use this');
    case 'MemberExpression': {
      const m = expression as jsep.MemberExpression;
      const property = m.property as jsep.Expression;
      let key: string | number;
      if (!m.computed) {
        key = String(property.name);
      } else if (
        property.type === 'Literal' &&
        (typeof property.value === 'string' || typeof property.value === 'number')
      ) {
        key = property.value;
      } else {
        return refuse(
          '方括号中只能是数字或带引号的文字',
          'Only a number or a quoted text can go between square brackets',
        );
      }
      if (BLOCKED_NAMES.has(String(key))) blocked(String(key));
      return node({ type: 'member', object: convert(m.object, next), key });
    }
    case 'ArrayExpression': {
      const elements = (expression as jsep.ArrayExpression).elements.map((element) =>
        element ? convert(element, next) : refuse('数组中不能有空位', 'A list cannot have empty places'),
      );
      return node({ type: 'array', elements: Object.freeze(elements) });
    }
    case 'UnaryExpression': {
      const u = expression as jsep.UnaryExpression;
      if (!UNARY.has(u.operator)) refuse(`不支持的运算符 ${u.operator}`, `Unsupported operator ${u.operator}`);
      return node({ type: 'unary', operator: u.operator as '!' | '-' | '+', argument: convert(u.argument, next) });
    }
    case 'BinaryExpression': {
      const b = expression as jsep.BinaryExpression;
      const left = convert(b.left, next);
      const right = convert(b.right, next);
      if (b.operator === '&&' || b.operator === '||')
        return node({ type: 'logical', operator: b.operator, left, right });
      if (!BINARY.has(b.operator)) refuse(`不支持的运算符 ${b.operator}`, `Unsupported operator ${b.operator}`);
      return node({ type: 'binary', operator: b.operator as BinaryOperator, left, right });
    }
    case 'ConditionalExpression': {
      const c = expression as jsep.ConditionalExpression;
      return node({
        type: 'conditional',
        test: convert(c.test, next),
        consequent: convert(c.consequent, next),
        alternate: convert(c.alternate, next),
      });
    }
    case 'CallExpression': {
      const call = expression as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') {
        const what = describe(call.callee);
        return refuse(
          `只能按名字调用函数，不能调用 ${what}`,
          `Only a function can be called, by its name, not ${what}`,
        );
      }
      const name = String(call.callee.name);
      const def = functionOf(name);
      if (!def) return refuse(`不支持的函数 ${name}`, `Unsupported function ${name}`);
      const [least, most] = def.arity;
      const count = call.arguments.length;
      if (count < least || count > most) {
        const zh = least === most ? `${least}个` : most >= 100 ? `至少${least}个` : `${least}到${most}个`;
        const en = least === most ? `${least}` : most >= 100 ? `at least ${least}` : `${least} or ${most}`;
        refuse(`函数 ${name} 需要${zh}参数`, `The function ${name} takes ${en} argument${most === 1 ? '' : 's'}`);
      }
      const args = call.arguments.map((arg) => convert(arg, next));
      return node({ type: 'call', name: name as ExpressionFunction, args: Object.freeze(args) });
    }
    case 'Compound':
    case 'SequenceExpression':
      return refuse(
        '表达式只能有一个（不能用逗号或分号连接）',
        'An expression must be one expression (no commas or semicolons)',
      );
    default:
      return refuse(`不支持的写法 ${expression.type}`, `Unsupported syntax ${expression.type}`);
  }
}

function parseFresh(src: string): Expr {
  if (typeof src !== 'string') refuse('表达式应为文字', 'An expression must be a text');
  if (src.length > EXPRESSION_MAX_LENGTH) {
    refuse(
      `表达式不能超过${EXPRESSION_MAX_LENGTH}个字符`,
      `An expression cannot be longer than ${EXPRESSION_MAX_LENGTH} characters`,
    );
  }
  if (!src.trim()) refuse('表达式不能为空', 'The expression is empty');
  let tree: jsep.Expression;
  try {
    tree = jsep(src);
  } catch (error) {
    const { index, description } = error as { index?: number; description?: string };
    const at = typeof index === 'number' ? index + 1 : undefined;
    return refuse(
      at === undefined ? '表达式有语法错误' : `表达式第${at}个字符处有语法错误`,
      `The expression has a syntax error${at === undefined ? '' : ` at character ${at}`}${description ? `: ${description}` : ''}`,
    );
  }
  return convert(tree, 1);
}

/** Parsed trees by source: conditions are evaluated per task and per row. Least recently used goes first. */
const cache = new Map<string, Expr>();
const CACHE_SIZE = 500;

/** The checked tree of an expression; throws ExpressionError (with `.text`) when it is not one we run. */
export function parseExpression(src: string): Expr {
  const hit = cache.get(src);
  if (hit) {
    cache.delete(src);
    cache.set(src, hit);
    return hit;
  }
  const expr = parseFresh(src);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(src, expr);
  return expr;
}

/** What is wrong with an expression, or undefined when it parses and passes the checks. */
export function expressionProblem(src: string): Text | undefined {
  try {
    parseExpression(src);
    return undefined;
  } catch (error) {
    if (error instanceof ExpressionError) return error.text;
    throw error;
  }
}

/** The nodes directly inside a node. */
function childrenOf(expr: Expr): readonly Expr[] {
  switch (expr.type) {
    case 'literal':
    case 'name':
      return [];
    case 'member':
      return [expr.object];
    case 'array':
      return expr.elements;
    case 'unary':
      return [expr.argument];
    case 'binary':
    case 'logical':
      return [expr.left, expr.right];
    case 'conditional':
      return [expr.test, expr.consequent, expr.alternate];
    case 'call':
      return expr.args;
  }
}

/**
 * The names an expression reads, as written and each once: `days`, `form.days`, `starter.deptId`, `form.items[0].name`;
 * the designer checks them against the form's fields. Throws ExpressionError like parseExpression.
 */
export function expressionNames(src: string): string[] {
  const names = new Set<string>();
  const pathOf = (expr: Expr): string | undefined => {
    if (expr.type === 'name') return expr.name;
    if (expr.type !== 'member') return undefined;
    const base = pathOf(expr.object);
    if (base === undefined) return undefined;
    return typeof expr.key === 'number' ? `${base}[${expr.key}]` : `${base}.${expr.key}`;
  };
  const visit = (expr: Expr): void => {
    const path = pathOf(expr);
    if (path !== undefined) names.add(path);
    else childrenOf(expr).forEach(visit);
  };
  visit(parseExpression(src));
  return [...names];
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation

function resolveName(name: string, scope: Record<string, unknown>): unknown {
  if (name === 'form') return readOwn(scope, 'form');
  const form = readOwn(scope, 'form');
  if (isPlainObject(form) && Object.hasOwn(form, name)) return readOwn(form, name);
  return readOwn(scope, name);
}

function evaluate(expr: Expr, scope: Record<string, unknown>): unknown {
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'name':
      return resolveName(expr.name, scope);
    case 'member':
      return readOwn(evaluate(expr.object, scope), expr.key);
    case 'array':
      return expr.elements.map((element) => evaluate(element, scope));
    case 'unary': {
      const value = evaluate(expr.argument, scope);
      if (expr.operator === '!') return !value;
      const n = numeric(value);
      return n === undefined ? null : expr.operator === '-' ? -n || 0 : n;
    }
    case 'logical': {
      const left = evaluate(expr.left, scope);
      if (expr.operator === '&&') return left ? evaluate(expr.right, scope) : left;
      return left ? left : evaluate(expr.right, scope);
    }
    case 'conditional':
      return evaluate(expr.test, scope) ? evaluate(expr.consequent, scope) : evaluate(expr.alternate, scope);
    case 'call': {
      const def = functionOf(expr.name);
      return def ? def.run(expr.args.map((arg) => evaluate(arg, scope))) : undefined;
    }
    case 'binary': {
      const a = evaluate(expr.left, scope);
      const b = evaluate(expr.right, scope);
      switch (expr.operator) {
        case '+':
          return add(a, b);
        case '-':
        case '*':
        case '/':
        case '%':
          return arithmetic(expr.operator, a, b);
        case '==':
          return looseEquals(a, b);
        case '!=':
          return !looseEquals(a, b);
        case '===':
          return a === b;
        case '!==':
          return a !== b;
        case '<':
        case '<=':
        case '>':
        case '>=':
          return compare(expr.operator, a, b);
        case 'in':
          return Array.isArray(b) && b.some((item) => looseEquals(a, item));
      }
    }
  }
}

/**
 * The value of an expression (its source, or a tree from parseExpression) over a scope: `{ form, starter, ... }`.
 * Data never makes it throw (a division by zero is null, a comparison with nothing is false); a source that does
 * not parse throws ExpressionError.
 */
export function evaluateExpression(srcOrExpr: string | Expr, scope: Record<string, unknown>): unknown {
  const expr = typeof srcOrExpr === 'string' ? parseExpression(srcOrExpr) : srcOrExpr;
  if (!made.has(expr)) refuse('表达式未经解析', 'The expression was not made by parseExpression');
  return evaluate(expr, scope);
}
