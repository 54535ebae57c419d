import { evaluateExpression, type FormField, formValueProblems, schemaProblems } from '@park/catalog/forms';
import { describe, expect, it } from 'vitest';
import { canHold } from './fieldTree.ts';
import { newField } from './palette.ts';
import { applySkip, skipCondition, skipTargets } from './skipLogic.ts';

const q = (id: string, type: FormField['type'], more: Partial<FormField> = {}): FormField => ({
  id,
  type,
  name: id,
  label: id.toUpperCase(),
  ...more,
});
const yesNo = [
  { label: '是', value: 'yes' },
  { label: '否', value: 'no' },
];

/** Q1 (radio) Q2 Q3 (checkbox) Q4 Q5, and a group G holding G1 G2 G3. */
const FORM: FormField[] = [
  q('q1', 'radio', { options: yesNo }),
  q('q2', 'input', { showIf: 'q1 != null' }),
  q('q3', 'checkbox', { options: yesNo }),
  q('q4', 'rating'),
  q('q5', 'nps'),
  {
    id: 'g',
    type: 'group',
    label: 'G',
    children: [q('g1', 'radio', { options: yesNo }), q('g2', 'input'), q('g3', 'input')],
  },
];

const shown = (fields: FormField[], id: string, form: Record<string, unknown>) => {
  const field = fields.find((f) => f.id === id) as FormField;
  return field.showIf ? Boolean(evaluateExpression(field.showIf, { form })) : true;
};

describe('skip logic, written as show-ifs', () => {
  it('words the condition for one answer or several', () => {
    expect(skipCondition(FORM[0], 'yes')).toBe('q1 != "yes"');
    expect(skipCondition(FORM[2], 'no')).toBe('!("no" in q3)');
    expect(skipCondition(q('s', 'select', { multiple: true }), 'a"b')).toBe('!("a\\"b" in s)');
  });

  it('hides the questions between the answer and its target, and only while that answer is given', () => {
    const { fields, count } = applySkip(FORM, 'q1', 'yes', 'q4');
    expect(count).toBe(2);
    // A show-if it had stays, joined.
    expect(fields[1].showIf).toBe('(q1 != null) && q1 != "yes"');
    expect(fields[2].showIf).toBe('q1 != "yes"');
    expect(fields[3].showIf).toBeUndefined();
    expect(schemaProblems({ version: 1, fields })).toEqual([]);
    expect(shown(fields, 'q3', { q1: 'yes' })).toBe(false);
    expect(shown(fields, 'q3', { q1: 'no' })).toBe(true);
    // Not answered yet: shown.
    expect(shown(fields, 'q3', {})).toBe(true);
    // The validator then skips them as the renderer does.
    const required = fields.map((f) => (f.id === 'q2' ? { ...f, required: true } : f));
    expect(formValueProblems({ version: 1, fields: required }, { q1: 'yes' })).toEqual([]);
    expect(formValueProblems({ version: 1, fields: required }, { q1: 'no' }).map((p) => p.field)).toEqual(['q2']);
  });

  it('skips from a multiple choice, to the end, within a group, and not twice', () => {
    const toEnd = applySkip(FORM, 'q3', 'no', null);
    expect(toEnd.fields.slice(3).map((f) => f.showIf)).toEqual(Array(3).fill('!("no" in q3)'));
    expect(shown(toEnd.fields, 'q5', { q3: ['yes', 'no'] })).toBe(false);
    expect(shown(toEnd.fields, 'q5', { q3: ['yes'] })).toBe(true);
    expect(applySkip(toEnd.fields, 'q3', 'no', null).count).toBe(0);

    const inGroup = applySkip(FORM, 'g1', 'yes', 'g3');
    expect(inGroup.count).toBe(1);
    expect((inGroup.fields[5].children as FormField[])[1].showIf).toBe('g1 != "yes"');
    // A target before the answer, or in another container, changes nothing.
    expect(applySkip(FORM, 'q3', 'no', 'q1').count).toBe(0);
    expect(applySkip(FORM, 'q1', 'no', 'g2').count).toBe(0);
  });

  it('offers as targets the fields after the next one in the same container', () => {
    expect(skipTargets(FORM, 'q1').map((f) => f.id)).toEqual(['q3', 'q4', 'q5', 'g']);
    expect(skipTargets(FORM, 'g1').map((f) => f.id)).toEqual(['g3']);
    expect(skipTargets(FORM, 'q5')).toEqual([]);
  });
});

describe('the questionnaire’s new fields', () => {
  it('start well formed: a matrix with rows and columns, a ranking with three options', () => {
    const word = (n: number) => `选项${n}`;
    const row = (n: number) => `行${n}`;
    const kinds = ['rating', 'nps', 'matrix', 'ranking'] as const;
    const fields: FormField[] = [];
    for (const type of kinds) fields.push(newField(type, [...FORM, ...fields], null, type, word, row));
    expect(fields[2]).toMatchObject({
      rows: [
        { label: '行1', value: 'r1' },
        { label: '行2', value: 'r2' },
      ],
      options: [
        { label: '选项1', value: '1' },
        { label: '选项2', value: '2' },
        { label: '选项3', value: '3' },
      ],
    });
    expect(fields[3].options).toHaveLength(3);
    expect(fields[0].options).toBeUndefined();
    expect(schemaProblems({ version: 1, fields: [...FORM, ...fields] })).toEqual([]);
  });

  it('keeps a matrix and a ranking out of a table, a rating and an NPS may be columns', () => {
    expect(canHold('table', 'matrix')).toBe(false);
    expect(canHold('table', 'ranking')).toBe(false);
    expect(canHold('table', 'rating')).toBe(true);
    expect(canHold('group', 'matrix')).toBe(true);
  });
});
