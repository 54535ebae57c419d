import {
  defaultValues,
  type FormField,
  type FormSchema,
  formValueProblems,
  schemaProblems,
  visibleValues,
} from '@park/catalog/forms';
import { describe, expect, it } from 'vitest';

/**
 * The form validator alone (catalog/src/forms/validate.ts): a designed schema's problems, a filled form's problems
 * per field, what the server keeps of a form's values, and a new form's defaults.
 */

let seq = 0;
const f = (type: FormField['type'], name: string, label: string, more: Partial<FormField> = {}): FormField => ({
  id: `f_${++seq}`,
  type,
  name,
  label,
  ...more,
});
const schemaOf = (...fields: FormField[]): FormSchema => ({ version: 1, fields });
const ens = (problems: { en: string }[]) => problems.map((p) => p.en);

/** The leave form of the demo: a group, a gateway's field, a show-if, a table and a computed default. */
const leave = schemaOf(
  f('group', '', '基本信息', {
    name: undefined,
    children: [
      f('input', 'applicant', '申请人', { required: true, defaultExpr: 'starter.realName', max: 20 }),
      f('select', 'type', '请假类型', {
        required: true,
        options: [
          { label: '年假', value: 'annual' },
          { label: '病假', value: 'sick' },
        ],
      }),
    ],
  }),
  f('dateRange', 'range', '请假时间', { required: true }),
  f('number', 'days', '请假天数', { required: true, min: 0.5, max: 30, precision: 1 }),
  f('upload', 'proof', '病假证明', { required: true, showIf: "type == 'sick'", max: 3 }),
  f('divider', '', '费用', { name: undefined }),
  f('table', 'costs', '费用明细', {
    max: 5,
    children: [
      f('input', 'item', '项目', { required: true }),
      f('money', 'amount', '金额', { required: true, min: 0 }),
    ],
  }),
  f('textarea', 'reason', '事由', { min: 2, max: 200 }),
);

describe('schemaProblems', () => {
  const one = (field: Partial<FormField> & Pick<FormField, 'type'>) =>
    ens(schemaProblems(schemaOf({ id: 'f_x', name: 'x', label: 'X', ...field } as FormField)));

  it('passes a well-formed form', () => {
    expect(schemaProblems(leave)).toEqual([]);
    expect(schemaProblems(JSON.parse(JSON.stringify(leave)))).toEqual([]);
  });

  it('refuses what is not a form schema', () => {
    for (const bad of [null, 'text', [], {}, { version: 1 }, { version: 1, fields: {} }]) {
      expect(ens(schemaProblems(bad))).toEqual(['The form content is not a valid form schema']);
    }
    expect(schemaProblems({ version: 1, fields: [] })).toEqual([]);
  });

  it('refuses another version', () => {
    expect(ens(schemaProblems({ version: 2, fields: [] }))).toEqual(['The form schema version must be 1']);
  });

  it('refuses a field that is not an object, of an unknown type, or with a property of the wrong kind', () => {
    expect(ens(schemaProblems({ version: 1, fields: ['x'] }))).toEqual(['Field 1 is not valid']);
    expect(one({ type: 'script' as FormField['type'] })).toEqual(['The field X has an unknown type script']);
    expect(one({ type: 'input', required: 'yes' as never })).toEqual(['The required of X is not valid']);
    expect(one({ type: 'input', showIf: 3 as never })).toEqual(['The showIf of X is not valid']);
    expect(one({ type: 'input', span: 25 })).toEqual(['The span of X is not valid']);
    expect(one({ type: 'number', precision: 1.5 })).toEqual(['The precision of X is not valid']);
    expect(ens(schemaProblems({ version: 1, labelWidth: -1, fields: [] }))).toEqual([
      'The label width must be a number from 0 to 1000',
    ]);
  });

  it('wants ids, present and unique across the form', () => {
    expect(one({ type: 'input', id: '' })).toEqual(['The field X has no id']);
    const twice = schemaOf(
      f('input', 'a', 'A', { id: 'same' }),
      f('group', '', 'G', { children: [f('input', 'b', 'B', { id: 'same' })] }),
    );
    expect(ens(schemaProblems(twice))).toEqual(['The field id same is used twice']);
  });

  it('wants labels on value fields', () => {
    expect(one({ type: 'input', label: ' ' })).toEqual(['The field x has no label']);
    expect(one({ type: 'divider', name: undefined, label: '' })).toEqual([]);
  });

  it('wants names, well formed, not reserved and unique across the form with groups', () => {
    expect(one({ type: 'input', name: undefined })).toEqual(['The field X has no name']);
    expect(one({ type: 'input', name: '2days' })).toEqual([
      'The field name 2days must be letters, digits and underscores, start with a letter or underscore, and have at most 64 characters',
    ]);
    expect(one({ type: 'input', name: 'a'.repeat(65) })).toHaveLength(1);
    expect(one({ type: 'input', name: 'a'.repeat(64) })).toEqual([]);
    for (const name of ['__proto__', 'constructor', 'prototype', 'form', 'starter', 'nrOfInstances']) {
      expect(one({ type: 'input', name })).toEqual([`The field name ${name} is reserved`]);
    }
    const twice = schemaOf(f('input', 'a', 'A'), f('group', '', 'G', { children: [f('number', 'a', 'A2')] }));
    expect(ens(schemaProblems(twice))).toEqual(['The field name a is used twice']);
  });

  it('keeps table columns unique in their table, apart from the form', () => {
    const columns = [f('input', 'a', 'A'), f('input', 'a', 'A2')];
    expect(ens(schemaProblems(schemaOf(f('table', 't', 'T', { children: columns }))))).toEqual([
      'The field name a is used twice',
    ]);
    const sameAsForm = schemaOf(f('input', 'a', 'A'), f('table', 't', 'T', { children: [f('input', 'a', 'A3')] }));
    expect(schemaProblems(sameAsForm)).toEqual([]);
  });

  it('wants options with unique values on select, radio and checkbox', () => {
    for (const type of ['select', 'radio', 'checkbox'] as const) {
      expect(one({ type })).toEqual(['The field X has no options']);
      expect(one({ type, options: [] })).toEqual(['The field X has no options']);
    }
    expect(one({ type: 'radio', options: [{ label: 'A', value: 1 as never }] })).toEqual([
      'The field X has an option that is not valid',
    ]);
    expect(
      one({
        type: 'select',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
      }),
    ).toEqual(['The field X has the option value a twice']);
  });

  it('wants min at most max, numbers, and whole counts where they count', () => {
    expect(one({ type: 'number', min: 5, max: 1 })).toEqual(['The least value of X cannot be more than its greatest']);
    expect(one({ type: 'number', min: -5.5, max: 1 })).toEqual([]);
    expect(one({ type: 'number', min: '1' as never })).toEqual(['The least value of X must be a number']);
    expect(one({ type: 'input', min: -1 })).toEqual(['The least value of X must be a whole number, 0 or more']);
    expect(one({ type: 'checkbox', options: [{ label: 'A', value: 'a' }], max: 1.5 })).toEqual([
      'The greatest value of X must be a whole number, 0 or more',
    ]);
  });

  it('refuses a pattern of nested repetitions, which could stall the server on one long value', () => {
    expect(one({ type: 'input', pattern: '(a+)+' })).toEqual([
      'The pattern of X nests repetitions, which can make matching extremely slow',
    ]);
    expect(one({ type: 'input', pattern: '([0-9]{3}-)?[0-9]{4,8}' })).toEqual([]);
  });

  it('wants a pattern that compiles and is at most 200 characters', () => {
    expect(one({ type: 'input', pattern: '[0-9]{6}' })).toEqual([]);
    expect(one({ type: 'input', pattern: '([a-z]' })).toEqual(['The pattern of X is not a valid regular expression']);
    expect(one({ type: 'input', pattern: 'a'.repeat(201) })).toEqual([
      'The pattern of X cannot be longer than 200 characters',
    ]);
  });

  it('wants showIf and defaultExpr that parse', () => {
    expect(one({ type: 'input', showIf: 'days > ' })[0]).toMatch(
      /^The show-if condition of X: The expression has a syntax error/,
    );
    expect(schemaProblems(schemaOf(f('input', 'x', 'X', { showIf: 'form.constructor' })))).toEqual([
      {
        zh: '字段X的显示条件：表达式不能调用 constructor',
        en: 'The show-if condition of X: Expressions cannot use constructor',
      },
    ]);
    expect(one({ type: 'input', defaultExpr: 'process.exit()' })).toEqual([
      'The default expression of X: Only a function can be called, by its name, not process.exit',
    ]);
    expect(one({ type: 'input', showIf: '  ' })).toEqual([]);
  });

  it('wants a default value that fits the field', () => {
    expect(one({ type: 'number', defaultValue: 'many' })).toEqual(['The default value of X: X must be a number']);
    expect(one({ type: 'number', defaultValue: 3, required: true })).toEqual([]);
  });

  it('refuses a table or layout inside a table, and a table without columns', () => {
    const inner = (child: FormField) => ens(schemaProblems(schemaOf(f('table', 't', 'T', { children: [child] }))));
    expect(inner(f('table', 'u', 'U', { children: [f('input', 'a', 'A')] }))).toEqual([
      'The table T cannot hold a table',
    ]);
    expect(inner(f('group', '', 'G', { children: [] }))).toEqual(['The table T cannot hold a group']);
    expect(inner(f('divider', '', 'D'))).toEqual(['The table T cannot hold a divider']);
    expect(ens(schemaProblems(schemaOf(f('table', 't', 'T', { children: [] }))))).toEqual([
      'The table T has no columns',
    ]);
    expect(ens(schemaProblems(schemaOf(f('table', 't', 'T'))))).toEqual(['The T has no fields inside']);
  });

  it('refuses more than 200 fields, counting those inside groups and tables', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => f('input', `a${i}`, `A${i}`));
    expect(schemaProblems(schemaOf(...fields(200)))).toEqual([]);
    expect(
      ens(schemaProblems(schemaOf(...fields(199), f('group', '', 'G', { children: [f('input', 'b', 'B')] })))),
    ).toEqual(['A form can have at most 200 fields']);
    // A hostile nesting stops at the limit instead of recursing through it.
    let deep: FormField = f('input', 'leaf', 'Leaf');
    for (let i = 0; i < 50_000; i++) deep = f('group', '', `G${i}`, { children: [deep] });
    expect(ens(schemaProblems(schemaOf(deep)))).toEqual(['A form can have at most 200 fields']);
  });
});

describe('formValueProblems', () => {
  const good = {
    applicant: '张三',
    type: 'annual',
    range: ['2025-05-01', '2025-05-03'],
    days: 2.5,
    costs: [{ item: '车费', amount: 12.5 }],
    reason: '回家',
  };
  const check = (field: FormField, value: unknown) =>
    ens(formValueProblems(schemaOf(field), value === undefined ? {} : { [field.name!]: value }).map((p) => p.text));

  it('passes a well-filled form', () => {
    expect(formValueProblems(leave, good)).toEqual([]);
  });

  it('refuses values that are not an object', () => {
    expect(formValueProblems(leave, [])).toEqual([
      { field: '', text: { zh: '表单数据格式不正确', en: 'The form data is not valid' } },
    ]);
  });

  it('wants required fields: empty text, blank text, [], null and nothing are empty; 0 and false are not', () => {
    const days = f('number', 'days', '请假天数', { required: true });
    expect(formValueProblems(schemaOf(days), {})).toEqual([
      { field: 'days', text: { zh: '请填写请假天数', en: '请假天数 is required' } },
    ]);
    expect(check(days, null)).toEqual(['请假天数 is required']);
    expect(check(days, 0)).toEqual([]);
    const name = f('input', 'name', 'Name', { required: true });
    for (const empty of ['', '  ', null]) expect(check(name, empty)).toEqual(['Name is required']);
    const tags = f('checkbox', 'tags', 'Tags', { required: true, options: [{ label: 'A', value: 'a' }] });
    expect(check(tags, [])).toEqual(['Tags is required']);
    expect(check(f('switch', 'agree', 'Agree', { required: true }), false)).toEqual([]);
    expect(check(f('input', 'opt', 'Optional'), '')).toEqual([]);
  });

  it('checks text: kind, length in characters, pattern and its message', () => {
    const text = f('input', 'code', 'Code', { min: 2, max: 4 });
    expect(check(text, 12)).toEqual(['Code must be text']);
    expect(check(text, '一')).toEqual(['Code must have at least 2 characters']);
    expect(check(text, '一二三四')).toEqual([]);
    expect(check(text, '一二三四五')).toEqual(['Code can have at most 4 characters']);
    const zip = f('input', 'zip', 'Zip', { pattern: '\\d{6}' });
    expect(check(zip, '200001')).toEqual([]);
    expect(check(zip, 'x200001')).toEqual(['Zip is not in the expected format']);
    const told = f('input', 'zip', 'Zip', { pattern: '\\d{6}', patternMessage: '邮编为6位数字' });
    expect(formValueProblems(schemaOf(told), { zip: '12' })[0].text).toEqual({
      zh: '邮编为6位数字',
      en: '邮编为6位数字',
    });
    expect(check(f('richText', 'body', 'Body'), { html: 1 })).toEqual(['Body must be text']);
  });

  it('checks numbers: kind, decimals and bounds', () => {
    const n = f('number', 'n', 'Count', { min: 1, max: 10, precision: 0 });
    expect(check(n, '3')).toEqual(['Count must be a number']);
    expect(check(n, 2.5)).toEqual(['Count must be a whole number']);
    expect(check(n, 11)).toEqual(['Count must be between 1 and 10']);
    expect(formValueProblems(schemaOf(n), { n: 0 })[0].text.zh).toBe('Count在1-10之间');
    expect(check(f('number', 'n', 'N', { min: 1 }), 0)).toEqual(['N cannot be less than 1']);
    expect(check(f('number', 'n', 'N', { precision: 1 }), 1.25)).toEqual(['N can have at most 1 decimal']);
    expect(check(f('number', 'n', 'N'), Number.NaN)).toEqual(['N must be a number']);
  });

  it('checks money: at most two decimals', () => {
    const m = f('money', 'm', 'Amount', { max: 1000 });
    expect(check(m, 12.34)).toEqual([]);
    expect(check(f('money', 'm', 'Amount'), 123456789.12)).toEqual([]);
    expect(check(m, 0.3)).toEqual([]);
    // What JSON would carry for a sum computed in floating point is not an amount of cents.
    expect(check(m, 0.1 + 0.2)).toEqual(['Amount can have at most 2 decimals']);
    expect(check(m, 12.345)).toEqual(['Amount can have at most 2 decimals']);
    expect(check(m, 1000.01)).toEqual(['Amount cannot be more than 1000']);
    expect(check(m, '12.34')).toEqual(['Amount must be a number']);
  });

  it('checks dates and date ranges', () => {
    const d = f('date', 'd', 'Day');
    expect(check(d, '2024-02-29')).toEqual([]);
    expect(check(d, '2025-02-29')).toEqual(['Day must be a date (yyyy-MM-dd)']);
    expect(check(d, '2025-1-1')).toEqual(['Day must be a date (yyyy-MM-dd)']);
    expect(check(d, '2025-01-01 10:00:00')).toEqual(['Day must be a date (yyyy-MM-dd)']);
    const r = f('dateRange', 'r', 'Period');
    expect(check(r, ['2025-01-01', '2025-01-01'])).toEqual([]);
    expect(check(r, ['2025-01-02', '2025-01-01'])).toEqual(['The end of Period cannot be before its start']);
    expect(check(r, ['2025-01-01'])).toEqual(['Period must be a start and an end date (yyyy-MM-dd)']);
    expect(check(r, '2025-01-01')).toEqual(['Period must be a start and an end date (yyyy-MM-dd)']);
  });

  it('checks choices: among the options, a subset without repeats, counted', () => {
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ];
    expect(check(f('select', 's', 'S', { options }), 'a')).toEqual([]);
    expect(check(f('select', 's', 'S', { options }), 'z')).toEqual(['S has a choice that is not offered']);
    expect(check(f('select', 's', 'S', { options }), ['a'])).toEqual(['S has a choice that is not offered']);
    expect(check(f('select', 's', 'S', { options, multiple: true, max: 1 }), ['a', 'b'])).toEqual([
      'S can have at most 1 item',
    ]);
    expect(check(f('radio', 'r', 'R', { options }), 'b')).toEqual([]);
    expect(check(f('radio', 'r', 'R', { options }), true)).toEqual(['R has a choice that is not offered']);
    const box = f('checkbox', 'c', 'C', { options, min: 2 });
    expect(check(box, ['a', 'c'])).toEqual([]);
    expect(check(box, ['a', 'z'])).toEqual(['C has a choice that is not offered']);
    expect(check(box, ['a', 'a'])).toEqual(['C has a choice that is not offered']);
    expect(check(box, ['a'])).toEqual(['C needs at least 2 items']);
    expect(check(box, 'a')).toEqual(['C has a choice that is not offered']);
  });

  it('checks a switch is a boolean', () => {
    expect(check(f('switch', 's', 'S'), true)).toEqual([]);
    expect(check(f('switch', 's', 'S'), 'true')).toEqual(['S must be yes or no']);
  });

  it('checks regions as codes', () => {
    expect(check(f('region', 'r', 'R'), ['310000', '310100'])).toEqual([]);
    expect(check(f('region', 'r', 'R'), '310000')).toEqual(['R must be region codes']);
    expect(check(f('region', 'r', 'R'), [310000])).toEqual(['R must be region codes']);
  });

  it('checks picked ids as strings of digits, one or several', () => {
    for (const type of ['user', 'dept', 'enterprise'] as const) {
      expect(check(f(type, 'p', 'P'), '1123598821738675201')).toEqual([]);
      expect(check(f(type, 'p', 'P'), 1123)).toEqual(['P is not a valid choice']);
      expect(check(f(type, 'p', 'P'), ['1'])).toEqual(['P is not a valid choice']);
      expect(check(f(type, 'p', 'P', { multiple: true, max: 2 }), ['1', '2'])).toEqual([]);
      expect(check(f(type, 'p', 'P', { multiple: true }), ['1', 'x'])).toEqual(['P is not a valid choice']);
      expect(check(f(type, 'p', 'P', { multiple: true, max: 2 }), ['1', '2', '3'])).toEqual([
        'P can have at most 2 items',
      ]);
    }
  });

  it('checks uploads as {name, link} with a console path or web address, counted', () => {
    const up = f('upload', 'u', 'Files', { max: 1 });
    const file = { name: 'a.pdf', link: '/api/blade-resource/oss/endpoint/file/000000/a.pdf' };
    expect(check(up, [file])).toEqual([]);
    expect(check(up, [{ name: 'b.png', link: 'https://cdn.example.com/b.png' }])).toEqual([]);
    expect(check(up, [file, file])).toEqual(['Files can have at most 1 item']);
    for (const bad of [
      [{ name: 'x', link: 'javascript:alert(1)' }],
      [{ name: 'x', link: '//evil.example.com/x' }],
      [{ name: '', link: '/a' }],
      [{ link: '/a' }],
      ['/a'],
      file,
    ]) {
      expect(check(up, bad)).toEqual(['Files has an attachment that is not valid']);
    }
  });

  it('checks each table row against its columns, naming the row, and counts rows', () => {
    const table = leave.fields.find((field) => field.name === 'costs')!;
    const problems = formValueProblems(schemaOf(table), {
      costs: [{ item: '车费', amount: 1 }, { item: '', amount: 2.555 }, { amount: 3 }],
    });
    expect(problems).toEqual([
      { field: 'costs', text: { zh: '费用明细第2行：请填写项目', en: '费用明细, row 2: 项目 is required' } },
      {
        field: 'costs',
        text: { zh: '费用明细第2行：金额最多2位小数', en: '费用明细, row 2: 金额 can have at most 2 decimals' },
      },
      { field: 'costs', text: { zh: '费用明细第3行：请填写项目', en: '费用明细, row 3: 项目 is required' } },
    ]);
    expect(check(table, Array(6).fill({ item: 'a', amount: 1 }))).toEqual(['费用明细 can have at most 5 items']);
    expect(check(table, ['row'])).toEqual(['费用明细 must be rows']);
  });

  it('skips a field whose showIf is false, and every field of a hidden group', () => {
    const annual = formValueProblems(leave, { ...good, type: 'annual' });
    expect(annual).toEqual([]);
    const sick = formValueProblems(leave, { ...good, type: 'sick' });
    expect(sick.map((p) => p.field)).toEqual(['proof']);
    const grouped = schemaOf(
      f('switch', 'more', 'More'),
      f('group', '', 'Extra', { showIf: 'more', children: [f('input', 'note', 'Note', { required: true })] }),
    );
    expect(formValueProblems(grouped, { more: false })).toEqual([]);
    expect(formValueProblems(grouped, { more: true }).map((p) => p.field)).toEqual(['note']);
  });

  it('reads the scope in showIf conditions', () => {
    const s = schemaOf(f('input', 'budget', 'Budget', { required: true, showIf: "starter.deptId == '7'" }));
    expect(formValueProblems(s, {}, { scope: { starter: { deptId: '7' } } })).toHaveLength(1);
    expect(formValueProblems(s, {}, { scope: { starter: { deptId: '8' } } })).toEqual([]);
  });

  it('checks only the editable fields when told', () => {
    const problems = formValueProblems(leave, {}, { editable: new Set(['days', 'reason']) });
    expect(problems.map((p) => p.field)).toEqual(['days']);
    expect(formValueProblems(leave, {}, { editable: new Set() })).toEqual([]);
  });
});

describe('visibleValues', () => {
  it('drops hidden fields, unknown keys and unknown or hidden columns', () => {
    const values = {
      applicant: '张三',
      type: 'annual',
      days: 2,
      proof: [{ name: 'a', link: '/a' }],
      extra: 'not in the form',
      costs: [{ item: 'a', amount: 1, hack: true }],
    };
    expect(visibleValues(leave, values)).toEqual({
      applicant: '张三',
      type: 'annual',
      days: 2,
      costs: [{ item: 'a', amount: 1 }],
    });
    expect(visibleValues(leave, { ...values, type: 'sick' })).toHaveProperty('proof');
    const columns = schemaOf(
      f('switch', 'detail', 'Detail'),
      f('table', 't', 'T', { children: [f('input', 'a', 'A'), f('input', 'b', 'B', { showIf: 'detail' })] }),
    );
    expect(visibleValues(columns, { detail: false, t: [{ a: '1', b: '2' }] })).toEqual({
      detail: false,
      t: [{ a: '1' }],
    });
  });

  it('keeps no __proto__ key of hostile values and sets no prototype', () => {
    const values = JSON.parse(
      '{"__proto__": {"admin": true}, "days": 1, "costs": [{"__proto__": {"x": 1}, "item": "a"}]}',
    );
    const kept = visibleValues(leave, values);
    expect(Object.keys(kept)).toEqual(['days', 'costs']);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect((kept as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys((kept.costs as object[])[0])).toEqual(['item']);
  });
});

describe('defaultValues', () => {
  it('takes each default value, or evaluates its expression over the scope and earlier defaults', () => {
    const s = schemaOf(
      f('input', 'applicant', 'Applicant', { defaultExpr: 'starter.realName' }),
      f('number', 'days', 'Days', { defaultValue: 1 }),
      f('date', 'start', 'Start', { defaultExpr: 'today()' }),
      f('date', 'end', 'End', { defaultExpr: 'addDays(start, days)' }),
      f('group', '', 'G', { children: [f('checkbox', 'tags', 'Tags', { options: [], defaultValue: ['a'] })] }),
      f('input', 'none', 'None', { defaultExpr: 'starter.missing' }),
      f('input', 'plain', 'Plain'),
    );
    const values = defaultValues(s, { starter: { realName: '李四' } });
    expect(values).toMatchObject({ applicant: '李四', days: 1, tags: ['a'] });
    expect(values.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(values.end).toBe(
      new Date(Date.parse(`${values.start as string}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    expect(Object.keys(values)).toEqual(['applicant', 'days', 'start', 'end', 'tags']);
    // A copy: changing the new form's values leaves the schema's default alone.
    (values.tags as string[]).push('b');
    expect(defaultValues(s, {}).tags).toEqual(['a']);
  });

  it('leaves out a field whose expression does not parse', () => {
    const s = schemaOf(
      f('input', 'a', 'A', { defaultExpr: 'form.constructor' }),
      f('input', 'b', 'B', { defaultValue: 'b' }),
    );
    expect(defaultValues(s, {})).toEqual({ b: 'b' });
  });
});
