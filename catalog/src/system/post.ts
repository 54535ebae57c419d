import type { EntityDef } from '../types.ts';
import { createTimeField, remarkField, sortField } from './fields.ts';

/** Posts (positions) of a tenant. */
export const post: EntityDef = {
  key: 'post',
  module: 'system',
  api: 'blade-system/post',
  route: '/system/post',
  table: 'blade_post',
  label: { zh: '岗位管理', en: 'Posts' },
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '岗位类型', en: 'Category' },
      dict: 'post_category',
      required: { zh: '请选择岗位类型', en: 'Please select the category' },
      search: true,
    },
    {
      name: 'postCode',
      type: 'string',
      label: { zh: '岗位编号', en: 'Code' },
      required: { zh: '请输入岗位编号', en: 'Please enter the post code' },
      unique: { zh: '岗位编号已存在', en: 'A post with this code already exists' },
      maxLength: 12,
      search: true,
    },
    {
      name: 'postName',
      type: 'string',
      label: { zh: '岗位名称', en: 'Name' },
      required: { zh: '请输入岗位名称', en: 'Please enter the post name' },
      maxLength: 64,
      search: true,
    },
    sortField({ zh: '请输入岗位排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};
