import {
  type FormField,
  type FormSchema,
  formScore,
  formValueProblems,
  otherKey,
  otherTextProblem,
  schemaProblems,
  visibleValues,
} from '@park/catalog/forms';
import { describe, expect, it } from 'vitest';

/**
 * A questionnaire's question types in the one form schema (catalog/src/forms): "other" options, option scores,
 * rating, NPS, matrix (single and multiple) and ranking — each designed schema's refusals, each value's shape and
 * refusals, what is kept of the values, and a sheet's score.
 */

let seq = 0;
const f = (type: FormField['type'], name: string, label: string, more: Partial<FormField> = {}): FormField => ({
  id: `q_${++seq}`,
  type,
  name,
  label,
  ...more,
});
const schemaOf = (...fields: FormField[]): FormSchema => ({ version: 1, fields });
const ens = (problems: { en: string }[]) => problems.map((p) => p.en);
const opts = (...values: string[]) => values.map((value) => ({ label: value.toUpperCase(), value }));

/** A satisfaction survey: every questionnaire kind, an "other" each way, scores, a skip by show-if. */
const survey: FormSchema = {
  version: 1,
  scoring: true,
  fields: [
    f('radio', 'source', '从哪里得知', {
      required: true,
      options: [
        { label: '官网', value: 'web', score: 1 },
        { label: '朋友', value: 'friend', score: 2 },
        { label: '其他', value: 'other', other: true },
      ],
    }),
    f('checkbox', 'needs', '需要的服务', {
      options: [
        { label: '融资', value: 'finance', score: 3 },
        { label: '人才', value: 'talent', score: 2 },
        { label: '其他', value: 'other', other: true, score: 0.5 },
      ],
    }),
    f('rating', 'overall', '总体满意度', { required: true, max: 10 }),
    f('nps', 'recommend', '推荐意愿', { required: true }),
    f('matrix', 'service', '各项服务', {
      required: true,
      rows: opts('water', 'power'),
      options: [
        { label: '满意', value: 'good', score: 2 },
        { label: '一般', value: 'fair', score: 1 },
        { label: '不满意', value: 'bad', score: 0 },
      ],
    }),
    f('matrix', 'used', '用过的渠道', {
      multiple: true,
      rows: opts('q1', 'q2'),
      options: opts('phone', 'app', 'desk'),
    }),
    f('ranking', 'priorities', '优先事项', { required: true, options: opts('rent', 'traffic', 'food') }),
    f('ranking', 'top2', '最想要的两项', { max: 2, options: opts('gym', 'cafe', 'bank', 'shop') }),
    // Skip logic is a show-if: "if 推荐意愿 is 10, skip the reason".
    f('textarea', 'why', '原因', { showIf: 'recommend != 10' }),
  ],
};

const answer = {
  source: 'other',
  [otherKey('source')]: '展会',
  needs: ['finance', 'other'],
  [otherKey('needs')]: '法律咨询',
  overall: 8,
  recommend: 9,
  service: { water: 'good', power: 'fair' },
  used: { q1: ['phone', 'app'], q2: [] },
  priorities: ['traffic', 'rent', 'food'],
  top2: ['cafe', 'gym'],
  why: '停车难',
};

describe('question types: the schema', () => {
  const one = (field: Partial<FormField> & Pick<FormField, 'type'>) =>
    ens(schemaProblems(schemaOf({ id: 'f_x', name: 'x', label: 'X', ...field } as FormField)));

  it('passes a questionnaire with every kind, and refuses a scoring flag that is not a boolean', () => {
    expect(schemaProblems(survey)).toEqual([]);
    expect(schemaProblems(JSON.parse(JSON.stringify(survey)))).toEqual([]);
    expect(ens(schemaProblems({ version: 1, scoring: 'yes', fields: [] }))).toEqual([
      'The scoring setting must be yes or no',
    ]);
  });

  it('takes one "other" option on radio and checkbox only, as a boolean', () => {
    const other = { label: '其他', value: 'o', other: true };
    expect(one({ type: 'radio', options: [...opts('a'), other] })).toEqual([]);
    expect(one({ type: 'checkbox', options: [...opts('a'), other] })).toEqual([]);
    expect(one({ type: 'select', options: [...opts('a'), other] })).toEqual([
      'The field X cannot have an "other" option',
    ]);
    expect(one({ type: 'ranking', options: [...opts('a'), other] })).toEqual([
      'The field X cannot have an "other" option',
    ]);
    expect(one({ type: 'radio', options: [other, { ...other, value: 'p' }] })).toEqual([
      'The field X can have at most one "other" option',
    ]);
    expect(one({ type: 'radio', options: [{ ...other, other: 'yes' as never }] })).toEqual([
      'The field X has an option that is not valid',
    ]);
    // false is no "other" at all.
    expect(one({ type: 'select', options: [{ label: 'A', value: 'a', other: false }] })).toEqual([]);
  });

  it('refuses an "other" option, a matrix and a ranking in a table', () => {
    const table = (child: FormField) => ens(schemaProblems(schemaOf(f('table', 't', 'T', { children: [child] }))));
    expect(table(f('radio', 'r', 'R', { options: [{ label: '其他', value: 'o', other: true }] }))).toEqual([
      'The column R of the table T cannot have an "other" option',
    ]);
    expect(table(f('matrix', 'm', 'M', { rows: opts('a'), options: opts('x') }))).toEqual([
      'The table T cannot hold a matrix',
    ]);
    expect(table(f('ranking', 'k', 'K', { options: opts('a') }))).toEqual(['The table T cannot hold a ranking']);
    expect(table(f('rating', 'g', 'G'))).toEqual([]);
    expect(table(f('nps', 'n', 'N'))).toEqual([]);
  });

  it('wants scores as numbers within ±10000 with at most 2 decimals', () => {
    const scored = (score: unknown) => one({ type: 'radio', options: [{ label: 'A', value: 'a', score } as never] });
    for (const good of [0, 5, -3, 2.5, 10_000]) expect(scored(good)).toEqual([]);
    for (const bad of ['5', 1.234, 10_001, Number.NaN, null]) {
      expect(scored(bad)).toEqual([
        'The score of the option A of X must be a number from -10000 to 10000 with at most 2 decimals',
      ]);
    }
  });

  it('wants a rating of 3 to 10 stars (5 when not set), and no least value', () => {
    expect(one({ type: 'rating' })).toEqual([]);
    for (const max of [3, 7, 10]) expect(one({ type: 'rating', max })).toEqual([]);
    for (const max of [2, 11, 4.5]) {
      expect(one({ type: 'rating', max }).at(-1)).toBe('The stars of the rating X must be 3 to 10');
    }
    expect(one({ type: 'rating', min: 1 })).toEqual(['X takes no least value']);
  });

  it('takes an NPS without bounds', () => {
    expect(one({ type: 'nps' })).toEqual([]);
    expect(one({ type: 'nps', min: 0, max: 10 })).toEqual(['X takes no least value', 'X takes no greatest value']);
  });

  it('wants a matrix with rows and columns, unique, its row values usable as keys', () => {
    expect(one({ type: 'matrix', rows: opts('a', 'b'), options: opts('x', 'y') })).toEqual([]);
    expect(one({ type: 'matrix', rows: opts('a'), multiple: true, options: opts('x') })).toEqual([]);
    expect(one({ type: 'matrix', options: opts('x') })).toEqual(['The matrix X has no rows']);
    expect(one({ type: 'matrix', rows: [], options: opts('x') })).toEqual(['The matrix X has no rows']);
    expect(one({ type: 'matrix', rows: opts('a') })).toEqual(['The matrix X has no columns']);
    expect(one({ type: 'matrix', rows: opts('a', 'a'), options: opts('x') })).toEqual([
      'The matrix X has the row value a twice',
    ]);
    expect(one({ type: 'matrix', rows: [{ label: 'A', value: '' }], options: opts('x') })).toEqual([
      'The matrix X has a row that is not valid',
    ]);
    expect(one({ type: 'matrix', rows: [{ label: 'P', value: '__proto__' }], options: opts('x') })).toEqual([
      'The row value __proto__ of X is reserved',
    ]);
    expect(one({ type: 'matrix', rows: opts('a'), options: opts('x'), max: 2 })).toEqual(['X takes no greatest value']);
    // Rows belong to a matrix only.
    expect(one({ type: 'radio', options: opts('x'), rows: opts('a') })).toEqual(['The rows of X is not valid']);
  });

  it('wants a ranking with options, ranking all of them or the first 1 to as many as it has', () => {
    expect(one({ type: 'ranking', options: opts('a', 'b', 'c') })).toEqual([]);
    expect(one({ type: 'ranking', options: opts('a', 'b', 'c'), max: 2 })).toEqual([]);
    expect(one({ type: 'ranking' })).toEqual(['The field X has no options']);
    for (const max of [0, 4]) {
      expect(one({ type: 'ranking', options: opts('a', 'b', 'c'), max })).toEqual([
        'The ranking X must rank from 1 to as many items as it has options',
      ]);
    }
    expect(one({ type: 'ranking', options: opts('a', 'b'), min: 1 })).toEqual(['X takes no least value']);
  });

  it('checks a default value of the new kinds as a value', () => {
    expect(one({ type: 'rating', defaultValue: 3 })).toEqual([]);
    expect(one({ type: 'rating', defaultValue: 6 })).toEqual(['The default value of X: X must be 1 to 5 stars']);
    expect(one({ type: 'nps', defaultValue: 11 })).toEqual([
      'The default value of X: X must be a whole number from 0 to 10',
    ]);
  });
});

describe('question types: the values', () => {
  const check = (field: FormField, value: unknown, more: Record<string, unknown> = {}) =>
    ens(
      formValueProblems(schemaOf(field), value === undefined ? more : { [field.name!]: value, ...more }).map(
        (p) => p.text,
      ),
    );

  it('passes a well-answered sheet', () => {
    expect(formValueProblems(survey, answer)).toEqual([]);
  });

  it('keeps a choice\'s value the option\'s value, and asks the "other" text beside it while "other" is chosen', () => {
    const source = survey.fields[0];
    expect(check(source, 'web')).toEqual([]);
    expect(check(source, 'other')).toEqual(['从哪里得知: please say what "其他" is']);
    expect(check(source, 'other', { [otherKey('source')]: '  ' })).toEqual(['从哪里得知: please say what "其他" is']);
    expect(check(source, 'other', { [otherKey('source')]: 12 })).toEqual(['从哪里得知: please say what "其他" is']);
    expect(check(source, 'other', { [otherKey('source')]: '展' })).toEqual([]);
    expect(check(source, 'other', { [otherKey('source')]: '长'.repeat(501) })).toEqual([
      '从哪里得知: "其他" can have at most 500 characters',
    ]);
    // A text without "other" chosen is not asked, nor refused: it is not kept (visibleValues).
    expect(check(source, 'web', { [otherKey('source')]: '展会' })).toEqual([]);
    const needs = survey.fields[1];
    expect(check(needs, ['finance'])).toEqual([]);
    expect(check(needs, ['finance', 'other'])).toEqual(['需要的服务: please say what "其他" is']);
    // A value that is not an option is said first, the text not asked.
    expect(check(source, 'fax')).toEqual(['从哪里得知 has a choice that is not offered']);
    // The problem names the field, in both languages.
    expect(formValueProblems(schemaOf(source), { source: 'other' })).toEqual([
      {
        field: 'source',
        text: { zh: '请填写从哪里得知的“其他”内容', en: '从哪里得知: please say what "其他" is' },
      },
    ]);
    expect(otherTextProblem(source, 'other', '展会')).toBeUndefined();
    expect(otherTextProblem(survey.fields[2], 3, undefined)).toBeUndefined();
  });

  it('checks a rating: a whole number of stars from 1 to its max', () => {
    const five = f('rating', 'r', 'R');
    expect(check(five, 1)).toEqual([]);
    expect(check(five, 5)).toEqual([]);
    for (const bad of [0, 6, 2.5, '3', true]) expect(check(five, bad)).toEqual(['R must be 1 to 5 stars']);
    const ten = f('rating', 'r', 'R', { max: 10, required: true });
    expect(check(ten, 10)).toEqual([]);
    expect(check(ten, 11)).toEqual(['R must be 1 to 10 stars']);
    expect(check(ten, undefined)).toEqual(['R is required']);
  });

  it('checks an NPS: a whole number from 0 to 10, 0 counting as an answer', () => {
    const nps = f('nps', 'n', 'N', { required: true });
    for (const good of [0, 7, 10]) expect(check(nps, good)).toEqual([]);
    for (const bad of [-1, 11, 9.5, '9']) expect(check(nps, bad)).toEqual(['N must be a whole number from 0 to 10']);
    expect(check(nps, null)).toEqual(['N is required']);
  });

  it('checks a single matrix: one offered column per offered row, every row when required', () => {
    const matrix = survey.fields[4];
    expect(check(matrix, { water: 'good', power: 'bad' })).toEqual([]);
    expect(check(matrix, { water: 'good' })).toEqual(['各项服务: answer the row POWER']);
    expect(check(matrix, { water: 'good', power: '' })).toEqual(['各项服务: answer the row POWER']);
    expect(check(matrix, {})).toEqual(['各项服务 is required']);
    expect(check(matrix, { water: null, power: null })).toEqual(['各项服务 is required']);
    expect(check(matrix, { water: 'great', power: 'bad' })).toEqual(['各项服务 has a choice that is not offered']);
    expect(check(matrix, { water: ['good'], power: 'bad' })).toEqual(['各项服务 has a choice that is not offered']);
    expect(check(matrix, { water: 'good', power: 'bad', gas: 'good' })).toEqual([
      '各项服务 has a row that is not offered',
    ]);
    expect(check(matrix, ['good', 'bad'])).toEqual(['各项服务 must be a choice per row']);
    expect(check(matrix, 'good')).toEqual(['各项服务 must be a choice per row']);
    // Not required: some rows, or none, may stay unanswered.
    const optional = { ...matrix, required: false };
    expect(check(optional, { water: 'fair' })).toEqual([]);
    expect(check(optional, {})).toEqual([]);
  });

  it('checks a multiple matrix: offered columns per row without repeats', () => {
    const matrix = survey.fields[5];
    expect(check(matrix, { q1: ['phone', 'desk'], q2: ['app'] })).toEqual([]);
    expect(check(matrix, { q1: 'phone' })).toEqual(['用过的渠道 has a choice that is not offered']);
    expect(check(matrix, { q1: ['phone', 'phone'] })).toEqual(['用过的渠道 has a choice that is not offered']);
    expect(check(matrix, { q1: ['fax'] })).toEqual(['用过的渠道 has a choice that is not offered']);
    const required = { ...matrix, required: true };
    expect(check(required, { q1: ['phone'], q2: [] })).toEqual(['用过的渠道: answer the row Q2']);
    expect(check(required, { q1: [], q2: [] })).toEqual(['用过的渠道 is required']);
  });

  it('refuses a hostile matrix row key', () => {
    const matrix = survey.fields[4];
    const values = JSON.parse('{"service": {"__proto__": "good", "water": "good", "power": "bad"}}');
    expect(ens(formValueProblems(schemaOf(matrix), values).map((p) => p.text))).toEqual([
      '各项服务 has a row that is not offered',
    ]);
  });

  it('checks a ranking: every option once in order, or exactly the first N', () => {
    const all = survey.fields[6];
    expect(check(all, ['food', 'rent', 'traffic'])).toEqual([]);
    expect(check(all, ['food', 'rent'])).toEqual(['优先事项 must rank all 3 options']);
    expect(check(all, ['food', 'rent', 'rent'])).toEqual(['优先事项 has a choice that is not offered']);
    expect(check(all, ['food', 'rent', 'bus'])).toEqual(['优先事项 has a choice that is not offered']);
    expect(check(all, 'food')).toEqual(['优先事项 has a choice that is not offered']);
    expect(check(all, [])).toEqual(['优先事项 is required']);
    const top2 = survey.fields[7];
    expect(check(top2, ['shop', 'gym'])).toEqual([]);
    expect(check(top2, ['shop'])).toEqual(['最想要的两项 must rank the first 2 options']);
    expect(check(top2, ['shop', 'gym', 'cafe'])).toEqual(['最想要的两项 must rank the first 2 options']);
    expect(check(top2, undefined)).toEqual([]);
  });

  it('skips a question hidden by its show-if (skip logic), neither checking nor keeping it', () => {
    const skipped = { ...answer, recommend: 10, why: 12 };
    expect(formValueProblems(survey, skipped)).toEqual([]);
    expect(visibleValues(survey, skipped)).not.toHaveProperty('why');
    expect(formValueProblems(survey, { ...answer, why: 12 }).map((p) => p.field)).toEqual(['why']);
  });
});

describe('question types: what is kept', () => {
  it('keeps each answer as it came, and an "other" text only while its "other" is chosen', () => {
    expect(visibleValues(survey, { ...answer, stray: 1, [otherKey('overall')]: 'x' })).toEqual(answer);
    const kept = visibleValues(survey, { ...answer, source: 'web', needs: ['talent'] });
    expect(kept).not.toHaveProperty(otherKey('source'));
    expect(kept).not.toHaveProperty(otherKey('needs'));
    expect(kept.source).toBe('web');
  });
});

describe('formScore', () => {
  it("sums the chosen options' scores (matrix columns per row), with the greatest score the shown fields allow", () => {
    expect(formScore(survey, answer)).toEqual({
      // source: other (no score) 0; needs: finance 3 + other 0.5; service: good 2 + fair 1.
      total: 6.5,
      // source: 2 (friend); needs: 3 + 2 + 0.5; service: 2 rows × 2.
      max: 11.5,
      fields: {
        source: { score: 0, max: 2 },
        needs: { score: 3.5, max: 5.5 },
        service: { score: 3, max: 4 },
      },
    });
  });

  it('counts nothing unanswered or not offered, and nothing of a question its show-if hides', () => {
    const schema: FormSchema = {
      version: 1,
      scoring: true,
      fields: [
        f('radio', 'a', 'A', {
          options: [
            { label: 'Y', value: 'y', score: 0.1 },
            { label: 'N', value: 'n', score: 0.2 },
          ],
        }),
        f('checkbox', 'b', 'B', {
          max: 1,
          options: [
            { label: 'X', value: 'x', score: 0.2 },
            { label: 'Z', value: 'z', score: -1 },
          ],
        }),
        f('select', 'c', 'C', { showIf: "a == 'y'", options: [{ label: 'P', value: 'p', score: 10 }] }),
        f('matrix', 'm', 'M', {
          multiple: true,
          rows: opts('r1', 'r2'),
          options: [
            { label: 'U', value: 'u', score: 1 },
            { label: 'V', value: 'v', score: 2 },
          ],
        }),
      ],
    };
    expect(formScore(schema, {})).toEqual({
      total: 0,
      max: 6.4,
      fields: { a: { score: 0, max: 0.2 }, b: { score: 0, max: 0.2 }, m: { score: 0, max: 6 } },
    });
    const sheet = { a: 'y', b: ['x', 'z', 'x', 'w'], c: 'p', m: { r1: ['u', 'v'], r2: ['q'], r3: ['u'] } };
    // 0.1 + (0.2 - 1) + 10 + 3: exact to 2 decimals.
    expect(formScore(schema, sheet)?.total).toBe(12.3);
    expect(formScore(schema, { ...sheet, a: 'n' })).toMatchObject({ total: 2.4, max: 6.4 });
    expect(formScore(schema, 'not values')?.total).toBe(0);
  });

  it('is null for a form that does not score', () => {
    expect(formScore({ ...survey, scoring: false }, answer)).toBeNull();
    expect(formScore({ version: 1, fields: survey.fields }, answer)).toBeNull();
  });
});
