import type { EntityDef } from '../types.ts';
import { createTimeField } from './fields.ts';

/** Notices (blade-desk/notice): category from the `notice` dictionary, shown from their release time. */
export const notice: EntityDef = {
  key: 'notice',
  module: 'desk',
  api: 'blade-desk/notice',
  route: '/desk/notice',
  table: 'blade_notice',
  label: { zh: '通知公告', en: 'Notices' },
  fields: [
    {
      name: 'title',
      type: 'string',
      label: { zh: '通知标题', en: 'Title' },
      required: { zh: '请输入通知标题', en: 'Please enter the title' },
      maxLength: 255,
      search: true,
    },
    {
      name: 'category',
      type: 'int',
      label: { zh: '通知类型', en: 'Category' },
      dict: 'notice',
      required: { zh: '请选择通知类型', en: 'Please select the category' },
      search: true,
    },
    {
      name: 'releaseTime',
      type: 'datetime',
      label: { zh: '通知时间', en: 'Release time' },
      required: { zh: '请选择通知时间', en: 'Please choose the release time' },
      search: true,
      sort: true,
    },
    {
      name: 'content',
      type: 'text',
      label: { zh: '通知内容', en: 'Content' },
      maxLength: 20000,
      list: false,
      span: 24,
    },
    createTimeField,
  ],
};
