import { text } from '../crm/fields.ts';
import { createTimeField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * 行业分类 (spec part 1 "industries"; part 7 basic `industry` with lazy-tree and lazy-list by pid,
 * tree, update, remove by id): the tenant's tree of industries, national-standard-like top categories
 * with their classes below, kept by parentId with `ancestors` (server/src/resources/tree.ts).
 *
 * Enterprises and policies pick their industry from this tree (`industryField`): picked in the forms
 * from the tree by name and shown by name in lists and exports; the screens that pick it read it
 * (`readWith`).
 */
/**
 * The industry of an enterprise or a policy: the id of a node of this tree, read with its name as
 * `industryName` (which travels with the row: a company account reads its enterprise's industry without
 * reading the tree). It keeps the name `industry` the dictionary field had, so the API's callers send
 * the same key, now with an industry's id.
 */
export function industryField(label: Text): FieldDef {
  return {
    name: 'industry',
    type: 'id',
    label,
    search: true,
    ref: { entity: 'industry', nameField: 'industryName', as: 'industryName' },
  };
}

export const industry: EntityDef = {
  key: 'industry',
  module: 'basic',
  api: 'blade-basic/industry',
  route: '/basic/industry',
  table: 'basic_industry',
  label: { zh: '行业分类', en: 'Industries' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  readWith: ['/crm/enterprise', '/basic/policy', '/policy/info', '/policy/push'],
  fields: [
    text('industryName', { zh: '行业名称', en: 'Industry name' }, { required: true, search: true, max: 100 }),
    {
      ...text('industryCode', { zh: '行业代码', en: 'Industry code' }, { search: true, max: 20 }),
      unique: { zh: '行业代码已存在', en: 'An industry with this code already exists' },
    },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级行业', en: 'Parent industry' },
      ref: { entity: 'industry', nameField: 'industryName', as: 'parentName' },
    },
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, form: false, list: false },
    { ...sortField({ zh: '请输入排序', en: 'Please enter the sort order' }), initial: 1, min: 0 },
    remarkField,
    createTimeField,
  ],
};
