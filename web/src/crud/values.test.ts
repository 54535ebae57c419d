import type { FieldDef } from '@park/catalog';
import { intellectualProperty, param, teamProject } from '@park/catalog';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formFieldsOf, initialValuesOf, toFormValues, toRowValues } from './values.ts';

const fields: FieldDef[] = [
  { name: 'title', type: 'string', label: { zh: '标题', en: 'Title' } },
  { name: 'dueDate', type: 'date', label: { zh: '到期日', en: 'Due' } },
  { name: 'signedAt', type: 'datetime', label: { zh: '签署时间', en: 'Signed' } },
  { name: 'amount', type: 'money', label: { zh: '金额', en: 'Amount' } },
];

describe('formFieldsOf', () => {
  it('leaves out fields marked form: false', () => {
    expect(formFieldsOf(param).map((f) => f.name)).toEqual(['paramName', 'paramKey', 'paramValue', 'remark']);
  });
});

describe('initialValuesOf', () => {
  it("starts a new row's form with the catalog's initial values only", () => {
    expect(initialValuesOf(fields)).toEqual({});
    // The intellectual property's status is in its form, valid (1) for a new row.
    expect(initialValuesOf(formFieldsOf(intellectualProperty))).toEqual({ status: 1 });
  });
});

describe('form values', () => {
  it('turns date strings into pickers values and back into the same strings', () => {
    const row = { id: '1', title: 'A', dueDate: '2024-12-31', signedAt: '2024-01-02 03:04:05', amount: 12.5 };
    const form = toFormValues(fields, row);
    expect(dayjs.isDayjs(form.dueDate)).toBe(true);
    expect(dayjs.isDayjs(form.signedAt)).toBe(true);
    expect(form).not.toHaveProperty('id');
    expect(toRowValues(fields, form)).toEqual({
      title: 'A',
      dueDate: '2024-12-31',
      signedAt: '2024-01-02 03:04:05',
      amount: 12.5,
    });
  });

  it('carries the name the server read with a referenced id for its input, and sends only the id back', () => {
    const leader = formFieldsOf(teamProject).find((f) => f.name === 'leader')!;
    const form = toFormValues([leader], { id: '1', leader: '42', leaderName: '管理员' });
    expect(form).toEqual({ leader: '42', leaderName: '管理员' });
    expect(toRowValues([leader], form)).toEqual({ leader: '42' });
  });

  it('keeps empty values empty', () => {
    const form = toFormValues(fields, { title: null, dueDate: null, signedAt: '' });
    expect(form).toEqual({ title: null, dueDate: null, signedAt: '', amount: undefined });
    expect(toRowValues(fields, { title: '', dueDate: null })).toEqual({
      title: '',
      dueDate: null,
      signedAt: undefined,
      amount: undefined,
    });
  });
});
