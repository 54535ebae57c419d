import {
  ExpressionError,
  evaluateExpression,
  expressionNames,
  expressionProblem,
  parseExpression,
} from '@park/catalog/forms';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The workflow expression language alone (catalog/src/forms/expression.ts): what it computes, and the walls
 * around it (no call, name or property that could leave the data it is given).
 */

const run = (src: string, scope: Record<string, unknown> = {}) => evaluateExpression(src, scope);
const form = (values: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({ form: values, ...rest });

/** The refusal an expression gets at parse time. */
function refusal(src: string) {
  try {
    parseExpression(src);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return (error as ExpressionError).text;
  }
  throw new Error(`${src} was not refused`);
}

describe('computing', () => {
  it('does arithmetic with the usual precedence', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('7 / 2')).toBe(3.5);
    expect(run('10 % 4')).toBe(2);
    expect(run('-3 + +4')).toBe(1);
    expect(run('2 * -form.days', form({ days: 3 }))).toBe(-6);
    expect(run('1 + 2 > 2 && 2 * 2 == 4')).toBe(true);
  });

  it('joins texts with +, and a text with a number', () => {
    expect(run("'ab' + 'cd'")).toBe('abcd');
    expect(run("'第' + days + '天'", form({ days: 3 }))).toBe('第3天');
    expect(run("'a' + true")).toBeNull();
  });

  it('answers null instead of throwing on data that does not compute', () => {
    expect(run('1 / 0')).toBeNull();
    expect(run('5 % 0')).toBeNull();
    expect(run('form.missing * 2', form({}))).toBeNull();
    expect(run('null + 1')).toBeNull();
    expect(run('-form.name', form({ name: 'x' }))).toBeNull();
    expect(run('1e308 * 10')).toBeNull();
  });

  it('compares numbers, texts and numbers written as text', () => {
    expect(run('3 > 2')).toBe(true);
    expect(run('3 <= 2')).toBe(false);
    expect(run("'3' == 3")).toBe(true);
    expect(run("'3' === 3")).toBe(false);
    expect(run("'3' != 3")).toBe(false);
    expect(run("'3' !== 3")).toBe(true);
    expect(run('level >= 2', form({ level: '3' }))).toBe(true);
    expect(run("'b' > 'a'")).toBe(true);
  });

  it('compares with nothing as false, and nothing equals nothing', () => {
    expect(run('null < 1')).toBe(false);
    expect(run('null >= 0')).toBe(false);
    expect(run('form.x > 0', form({}))).toBe(false);
    expect(run('form.x <= 0', form({}))).toBe(false);
    expect(run('form.x == null', form({}))).toBe(true);
    expect(run('form.x === null', form({}))).toBe(false);
    expect(run("form.o < 1 || form.o > 1 || form.o == 'x'", form({ o: { a: 1 } }))).toBe(false);
  });

  it('tests membership with in', () => {
    expect(run("'a' in ['a', 'b']")).toBe(true);
    expect(run("'c' in ['a', 'b']")).toBe(false);
    expect(run('3 in form.list', form({ list: [1, 2, 3] }))).toBe(true);
    expect(run("'2' in form.list", form({ list: [1, 2, 3] }))).toBe(true);
    expect(run("type in ['sick', 'annual'] && days > 3", form({ type: 'sick', days: 5 }))).toBe(true);
    expect(run("'x' in 'xyz'")).toBe(false);
    expect(run('1 in form.none', form({}))).toBe(false);
    // `in` is an operator only as a word: names that start with it stay names.
    expect(run('index + inside', form({ index: 1, inside: 2 }))).toBe(3);
  });

  it('short-circuits && and ||, returning the deciding value', () => {
    const read: string[] = [];
    const watched = new Proxy(
      { form: {}, starter: { deptId: '1' } },
      {
        getOwnPropertyDescriptor(target, key) {
          read.push(String(key));
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      },
    );
    expect(run('false && starter.deptId', watched)).toBe(false);
    expect(run('true || starter.deptId', watched)).toBe(true);
    expect(read).not.toContain('starter');
    expect(run('true && starter.deptId', watched)).toBe('1');
    expect(read).toContain('starter');
    expect(run("form.name || 'nobody'", form({}))).toBe('nobody');
    expect(run('0 && 1')).toBe(0);
  });

  it('chooses with a ternary, nested to the right', () => {
    expect(run("days > 3 ? 'director' : 'head'", form({ days: 5 }))).toBe('director');
    expect(run("days > 3 ? 'director' : 'head'", form({ days: 2 }))).toBe('head');
    expect(run("days > 10 ? 'a' : days > 3 ? 'b' : 'c'", form({ days: 5 }))).toBe('b');
  });

  it('reads bare names from the form first, then the scope; an unknown name is undefined', () => {
    expect(run('days > 3', form({ days: 5 }))).toBe(true);
    expect(run('x', { form: { x: 1 }, x: 2 })).toBe(1);
    expect(run('nrOfCompleted / nrOfInstances >= 0.5', { form: {}, nrOfCompleted: 2, nrOfInstances: 3 })).toBe(true);
    expect(run("starter.deptId == '12'", { form: {}, starter: { deptId: '12' } })).toBe(true);
    expect(run('nothing', form({}))).toBeUndefined();
    expect(run('nothing.deeper.still', form({}))).toBeUndefined();
    expect(run('form.days', { form: { days: 1 } })).toBe(1);
  });

  it('reads members of plain data: properties, list items, quoted names', () => {
    const scope = form({ items: [{ name: 'a' }, { name: 'b' }], 'odd-key': 1 });
    expect(run('form.items[1].name', scope)).toBe('b');
    expect(run("form.items['0'].name", scope)).toBe('a');
    expect(run("form['odd-key']", scope)).toBe(1);
    expect(run('form.items[5]', scope)).toBeUndefined();
    expect(run('form.items[1.5]', scope)).toBeUndefined();
    expect(run('[10, 20][1]')).toBe(20);
    // Only data: no length of a list or a text (len() is the way), no method of anything.
    expect(run('form.items.length', scope)).toBeUndefined();
    expect(run("'abc'.length")).toBeUndefined();
    expect(run('form.items.map', scope)).toBeUndefined();
    expect(run('form.toString', scope)).toBeUndefined();
    expect(run('form.hasOwnProperty', scope)).toBeUndefined();
  });
});

describe('dates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells today and now in the park (Asia/Shanghai), whatever the machine zone', () => {
    vi.useFakeTimers();
    // 16:30 UTC on New Year's Eve is already 00:30 on New Year's Day in Shanghai.
    vi.setSystemTime(new Date('2024-12-31T16:30:05Z'));
    expect(run('today()')).toBe('2025-01-01');
    expect(run('now()')).toBe('2025-01-01 00:30:05');
    expect(run("today() > '2024-12-31'")).toBe(true);
    expect(run('addDays(today(), 30)')).toBe('2025-01-31');
  });

  it('counts whole days between dates, either way', () => {
    expect(run("daysBetween('2025-01-01', '2025-03-01')")).toBe(59);
    expect(run("daysBetween('2024-01-01', '2024-03-01')")).toBe(60);
    expect(run("daysBetween('2025-03-01', '2025-01-01')")).toBe(-59);
    expect(run("daysBetween('2025-01-01 18:00:00', '2025-01-03 09:00:00')")).toBe(1);
    expect(run("daysBetween('2025-01-01', '2025-01-01')")).toBe(0);
    expect(run('daysBetween(range[0], range[1]) + 1 > 3', form({ range: ['2025-05-01', '2025-05-05'] }))).toBe(true);
  });

  it('adds days in the format given', () => {
    expect(run("addDays('2025-02-27', 2)")).toBe('2025-03-01');
    expect(run("addDays('2024-02-28', 1)")).toBe('2024-02-29');
    expect(run("addDays('2024-12-31 23:00:00', 1)")).toBe('2025-01-01 23:00:00');
    expect(run("addDays('2025-01-10', -10)")).toBe('2024-12-31');
  });

  it('answers null for what is not a date', () => {
    expect(run("daysBetween('2025-02-30', '2025-03-01')")).toBeNull();
    expect(run("daysBetween('tomorrow', '2025-03-01')")).toBeNull();
    expect(run('daysBetween(form.start, form.end)', form({}))).toBeNull();
    expect(run("addDays('2025-01-01', 1.5)")).toBeNull();
    expect(run("addDays('9999-12-31', 1)")).toBeNull();
  });

  it('orders dates and date-times as text', () => {
    expect(run("'2025-01-02' > '2025-01-01'")).toBe(true);
    expect(run("'2025-01-01 09:00:00' < '2025-01-01 10:00:00'")).toBe(true);
    expect(run('end >= start', form({ start: '2025-03-01', end: '2025-02-28' }))).toBe(false);
  });
});

describe('functions', () => {
  it('measures, searches and converts', () => {
    expect(run("len('请假三天')")).toBe(4);
    expect(run('len(form.list)', form({ list: [1, 2] }))).toBe(2);
    expect(run('len(form.none)', form({}))).toBe(0);
    expect(run('len(3)')).toBeNull();
    expect(run("contains('overtime pay', 'time')")).toBe(true);
    expect(run("contains(form.roles, '2')", form({ roles: ['1', '2'] }))).toBe(true);
    expect(run("contains(form.none, 'x')", form({}))).toBe(false);
    expect(run("number('12.5') + 1")).toBe(13.5);
    expect(run("number('abc')")).toBeNull();
    expect(run('number(true)')).toBe(1);
  });

  it('rounds, bounds and measures numbers', () => {
    expect(run('round(1.005, 2)')).toBe(1.01);
    expect(run('round(2.5)')).toBe(3);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run('round(1234.5678, 1)')).toBe(1234.6);
    expect(run('round(1, 11)')).toBeNull();
    expect(run('min(3, 1, 2)')).toBe(1);
    expect(run('max(form.amounts, 4)', form({ amounts: [1, 9, 3] }))).toBe(9);
    expect(run('max(1, form.none)', form({}))).toBeNull();
    expect(run('abs(-4)')).toBe(4);
    expect(run("abs('x')")).toBeNull();
  });

  it('knows empty: nothing, blank text, an empty list', () => {
    expect(run('isEmpty(form.a)', form({}))).toBe(true);
    expect(run('isEmpty(form.a)', form({ a: '  ' }))).toBe(true);
    expect(run('isEmpty(form.a)', form({ a: [] }))).toBe(true);
    expect(run('isEmpty(form.a)', form({ a: 0 }))).toBe(false);
    expect(run('isEmpty(form.a)', form({ a: false }))).toBe(false);
  });

  it('checks the number of arguments when parsing', () => {
    expect(refusal('today(1)').en).toBe('The function today takes 0 arguments');
    expect(refusal('daysBetween(1)').zh).toBe('函数 daysBetween 需要2个参数');
    expect(refusal('round()').en).toBe('The function round takes 1 or 2 arguments');
    expect(refusal('min()').zh).toBe('函数 min 需要至少1个参数');
  });
});

describe('refusals', () => {
  it('refuses the prototype doors by any spelling', () => {
    expect(refusal('constructor')).toEqual({
      zh: '表达式不能调用 constructor',
      en: 'Expressions cannot use constructor',
    });
    expect(refusal('form.constructor').en).toBe('Expressions cannot use constructor');
    expect(refusal("form['constructor']").en).toBe('Expressions cannot use constructor');
    expect(refusal("form.a['__proto__'].b").en).toBe('Expressions cannot use __proto__');
    expect(refusal('__proto__').en).toBe('Expressions cannot use __proto__');
    expect(refusal('form.__proto__').en).toBe('Expressions cannot use __proto__');
    expect(refusal('starter.prototype').en).toBe('Expressions cannot use prototype');
    expect(refusal("'x'.constructor").en).toBe('Expressions cannot use constructor');
    expect(refusal('form?.constructor').en).toBe('Expressions cannot use constructor');
  });

  it('refuses a subscript that is not a number or quoted text', () => {
    const text = refusal('form[key]');
    expect(text.en).toBe('Only a number or a quoted text can go between square brackets');
    refusal("form['cons' + 'tructor']");
    refusal('form[1 + 1]');
    refusal('form[[0]]');
  });

  it('calls nothing but its own functions by their bare names', () => {
    expect(refusal('process.exit()')).toEqual({
      zh: '只能按名字调用函数，不能调用 process.exit',
      en: 'Only a function can be called, by its name, not process.exit',
    });
    expect(refusal('form.x()').en).toContain('not form.x');
    expect(refusal("form['x']()").en).toContain("not form['x']");
    expect(refusal('(a)()')).toEqual({ zh: '不支持的函数 a', en: 'Unsupported function a' });
    expect(refusal('require("fs")').en).toBe('Unsupported function require');
    expect(refusal('eval("1")').en).toBe('Unsupported function eval');
    expect(refusal('Function("return 1")').en).toBe('Unsupported function Function');
    expect(refusal('today()()').en).toContain('not (…)');
    expect(refusal('globalThis.process.exit(1)').en).toContain('not globalThis.process.exit');
    expect(refusal('[today][0]()').en).toContain('not (…)[0]');
  });

  it('cannot reach the global object or the process by name', () => {
    for (const name of ['globalThis', 'process', 'window', 'global', 'Object', 'undefined']) {
      expect(run(name, form({}))).toBeUndefined();
      expect(run(`${name}.env`, form({}))).toBeUndefined();
    }
    expect(run('globalThis.process.env.PATH', form({}))).toBeUndefined();
  });

  it('refuses this, new, templates, assignment, increments and sequences', () => {
    expect(refusal('this').en).toBe('Expressions cannot use this');
    expect(refusal('this.x').en).toBe('Expressions cannot use this');
    refusal('new X()');
    refusal('new Function("return process")()');
    expect(refusal('`a` + 1').en).toMatch(/^The expression has a syntax error at character 1/);
    expect(refusal('a = 1').zh).toBe('表达式第3个字符处有语法错误');
    refusal('form.a = 1');
    refusal('a++');
    expect(refusal('a, b').en).toBe('An expression must be one expression (no commas or semicolons)');
    refusal('(a, b)');
    refusal('a; b');
    refusal('a b');
  });

  it('refuses operators it does not have', () => {
    for (const op of ['|', '&', '^', '<<', '>>', '>>>', '??', '**']) {
      expect(refusal(`1 ${op} 2`).en).toBe(`Unsupported operator ${op}`);
    }
    expect(refusal('~1').en).toBe('Unsupported operator ~');
    expect(refusal('[1, , 2]').en).toBe('A list cannot have empty places');
    expect(refusal('1e999').en).toBe('The number is too large');
  });

  it('refuses empty, over-long and over-deep input', () => {
    expect(refusal('').en).toBe('The expression is empty');
    expect(refusal('   ').en).toBe('The expression is empty');
    const longest = `'${'x'.repeat(998)}'`;
    expect(run(longest)).toHaveLength(998);
    expect(refusal(`'${'x'.repeat(999)}'`).en).toBe('An expression cannot be longer than 1000 characters');
    // 31 signs and a number: 32 levels; one more sign is too deep.
    expect(run(`${'-'.repeat(31)}1`)).toBe(-1);
    expect(refusal(`${'-'.repeat(32)}1`).en).toBe('An expression cannot nest more than 32 levels');
    expect(refusal(Array(40).fill('1').join(' + ')).en).toBe('An expression cannot nest more than 32 levels');
    expect(refusal(`${'['.repeat(40)}${']'.repeat(40)}`).zh).toBe('表达式的嵌套不能超过32层');
    // Parentheses alone add no level, and many are still bounded by the length.
    expect(run(`${'('.repeat(400)}1${')'.repeat(400)}`)).toBe(1);
  });

  it('says what is wrong without throwing through expressionProblem', () => {
    expect(expressionProblem('days > 3')).toBeUndefined();
    expect(expressionProblem('form.constructor')).toEqual({
      zh: '表达式不能调用 constructor',
      en: 'Expressions cannot use constructor',
    });
    expect(expressionProblem('x(')?.en).toMatch(/syntax error/);
  });
});

describe('hostile data', () => {
  it('never reaches a prototype through data that carries __proto__ keys', () => {
    const values = JSON.parse(
      '{"__proto__": {"polluted": "yes", "admin": true}, "a": {"__proto__": {"x": 1}}, "list": [{"__proto__": {"y": 2}}]}',
    );
    const scope = { form: values };
    expect(run('form.polluted', scope)).toBeUndefined();
    expect(run('polluted', scope)).toBeUndefined();
    expect(run('admin == true', scope)).toBe(false);
    expect(run('form.a.x', scope)).toBeUndefined();
    expect(run('form.list[0].y', scope)).toBeUndefined();
    expect(run('form.a.toString', scope)).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads no getter, calls no method of data and never throws on it', () => {
    const trap = () => {
      throw new Error('touched');
    };
    const values = {
      get secret() {
        return trap();
      },
      hostile: { toString: trap, valueOf: trap, [Symbol.toPrimitive]: trap },
      fn: trap,
      date: new Date(0),
    };
    const scope = { form: values };
    expect(run('form.secret', scope)).toBeUndefined();
    expect(run('secret', scope)).toBeUndefined();
    expect(run("form.hostile + 'x'", scope)).toBeNull();
    expect(run('form.hostile < 1', scope)).toBe(false);
    expect(run('form.hostile == 1', scope)).toBe(false);
    expect(run('form.hostile * 2', scope)).toBeNull();
    expect(run("contains(form.hostile, 'x')", scope)).toBe(false);
    expect(run('len(form.hostile)', scope)).toBeNull();
    expect(run('number(form.hostile)', scope)).toBeNull();
    expect(run('form.hostile in [1]', scope)).toBe(false);
    expect(run('form.date.getTime', scope)).toBeUndefined();
    // Only plain data: an object of a class keeps even its own properties (an error's stack names server files).
    expect(run('form.error.message', { form: { error: new Error('boom') } })).toBeUndefined();
    expect(run('form.error.stack', { form: { error: new Error('boom') } })).toBeUndefined();
    expect(
      run('form.box.inside', {
        form: {
          box: new (class Box {
            inside = 1;
          })(),
        },
      }),
    ).toBeUndefined();
    expect(run('form.fn', scope)).toBe(trap);
    expect(refusal('form.fn()').en).toContain('not form.fn');
  });

  it('evaluates only trees parseExpression made, which are frozen and shared', () => {
    const handMade = { type: 'call', name: 'constructor', args: [] };
    expect(() => evaluateExpression(handMade as never, {})).toThrow(ExpressionError);
    const cyclic: Record<string, unknown> = { type: 'unary', operator: '!' };
    cyclic.argument = cyclic;
    expect(() => evaluateExpression(cyclic as never, {})).toThrow(ExpressionError);

    const tree = parseExpression('days > 3');
    expect(parseExpression('days > 3')).toBe(tree);
    expect(Object.isFrozen(tree)).toBe(true);
    expect(() => {
      (tree as { type: string }).type = 'literal';
    }).toThrow(TypeError);
    expect(evaluateExpression(tree, form({ days: 4 }))).toBe(true);
  });
});

describe('expressionNames', () => {
  it('lists each name and member path read, as written', () => {
    expect(
      expressionNames(
        "days > 3 && form.level in ['a'] && starter.deptId == form.items[0].id && len(form.name) > 0 && days < 9",
      ),
    ).toEqual(['days', 'form.level', 'starter.deptId', 'form.items[0].id', 'form.name']);
    expect(expressionNames("today() > '2025-01-01'")).toEqual([]);
    expect(() => expressionNames('form.constructor')).toThrow(ExpressionError);
  });
});
