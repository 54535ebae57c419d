import type { FieldDef, Text } from '../types.ts';

/** Fields many system entities share, declared once. */
export const remarkField: FieldDef = {
  name: 'remark',
  type: 'text',
  label: { zh: '备注', en: 'Remark' },
  maxLength: 255,
  list: false,
  span: 24,
};

export const createTimeField: FieldDef = {
  name: 'createTime',
  type: 'datetime',
  label: { zh: '创建时间', en: 'Created' },
  form: false,
  list: false,
  sort: true,
};

export function sortField(required?: Text): FieldDef {
  return { name: 'sort', type: 'int', label: { zh: '排序', en: 'Sort' }, required, sort: true };
}

/** The parent of a tree row; 0 (or empty) is the root. */
export function parentField(label: Text): FieldDef {
  return { name: 'parentId', type: 'id', label, list: false };
}
