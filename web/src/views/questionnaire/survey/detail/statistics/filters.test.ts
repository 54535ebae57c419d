import type { FormSchema } from '@park/catalog/forms';
import { describe, expect, it } from 'vitest';
import { fileNameOf, filterParam, filterQuestions, questionFields, textKeysOf } from './filters.ts';

/** A questionnaire with a question of each kind, two of them inside a group. */
const SCHEMA = {
  version: 1,
  fields: [
    { id: 'a', type: 'radio', name: 'overall', label: '总体', options: [{ label: '好', value: 'g' }] },
    {
      id: 'g',
      type: 'group',
      label: '分组',
      children: [
        { id: 'b', type: 'rating', name: 'stars', label: '评分', max: 3 },
        { id: 'c', type: 'textarea', name: 'advice', label: '建议' },
      ],
    },
    { id: 'd', type: 'divider', label: '分隔' },
    {
      id: 'e',
      type: 'checkbox',
      name: 'services',
      label: '服务',
      options: [
        { label: '物业', value: 'p' },
        { label: '其他', value: 'o', other: true },
      ],
    },
    {
      id: 'f',
      type: 'matrix',
      name: 'grid',
      label: '设施',
      rows: [{ label: '环境', value: 'env' }],
      options: [
        { label: '好', value: 'good' },
        { label: '差', value: 'bad' },
      ],
    },
    { id: 'h', type: 'ranking', name: 'rank', label: '排序', options: [{ label: '价格', value: 'price' }] },
    { id: 'i', type: 'nps', name: 'nps', label: '推荐' },
  ],
} as FormSchema;

describe('the statistics screen’s reading of a form', () => {
  it('lists the questions in order, a group’s among them, layout left out', () => {
    expect(questionFields(SCHEMA).map((f) => f.name)).toEqual([
      'overall',
      'stars',
      'advice',
      'services',
      'grid',
      'rank',
      'nps',
    ]);
  });

  it('offers the answers the server filters by: options, stars, the NPS scale, matrix cells; no text or ranking', () => {
    const questions = filterQuestions(SCHEMA);
    expect(questions.map((q) => q.name)).toEqual(['overall', 'stars', 'services', 'grid', 'nps']);
    expect(questions.find((q) => q.name === 'stars')?.answers.map((a) => a.value)).toEqual(['1', '2', '3']);
    expect(questions.find((q) => q.name === 'nps')?.answers).toHaveLength(11);
    expect(questions.find((q) => q.name === 'grid')?.answers).toEqual([
      { value: 'env=good', label: '环境: 好' },
      { value: 'env=bad', label: '环境: 差' },
    ]);
    expect(
      filterParam([
        { field: 'overall', value: 'g' },
        { field: 'grid', value: 'env=bad' },
      ]),
    ).toBe('overall:g,grid:env=bad');
  });

  it('finds free text in text questions and in a choice’s "other"', () => {
    const fields = new Map(questionFields(SCHEMA).map((f) => [f.name, f]));
    expect(textKeysOf(fields.get('advice')!)).toEqual([{ key: 'advice', other: false }]);
    expect(textKeysOf(fields.get('services')!)).toEqual([{ key: 'services:other', other: true }]);
    expect(textKeysOf(fields.get('overall')!)).toEqual([]);
  });

  it('names a saved chart without characters a file system refuses', () => {
    expect(fileNameOf('满意度/2025: Q2?')).toBe('满意度_2025_ Q2_');
    expect(fileNameOf('')).toBe('chart');
  });
});
