import { longText, text } from '../crm/fields.ts';
import { createTimeField, sortField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/** 常见问答 (spec part 1 "Q&A"; part 7 basic `qa`): the park's frequently asked questions, in their order. */
export const qa: EntityDef = {
  key: 'qa',
  module: 'basic',
  api: 'blade-basic/qa',
  route: '/basic/qa',
  table: 'basic_qa',
  label: { zh: '常见问答', en: 'Q&A' },
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('question', { zh: '问题', en: 'Question' }, { required: true, search: true, max: 200 }),
    longText('answer', { zh: '回答', en: 'Answer' }, true),
    { ...sortField({ zh: '请输入排序', en: 'Please enter the sort order' }), initial: 1, min: 0 },
    createTimeField,
  ],
};
