import type { EntityDef } from '../types.ts';
import { remarkField, sortField } from './fields.ts';

/**
 * Administrative regions (province, city, district), shared by every tenant. Codes are the
 * national division codes, numeric, so `detail?code=` matches exactly.
 */
export const region: EntityDef = {
  key: 'region',
  module: 'system',
  api: 'blade-system/region',
  route: '/base/region',
  table: 'blade_region',
  label: { zh: '行政区划', en: 'Regions' },
  scope: 'platform',
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'code',
      type: 'id',
      label: { zh: '区划编号', en: 'Code' },
      required: { zh: '请输入区划编号', en: 'Please enter the region code' },
      unique: { zh: '区划编号已存在', en: 'A region with this code already exists' },
      search: true,
    },
    {
      name: 'name',
      type: 'string',
      label: { zh: '区划名称', en: 'Name' },
      required: { zh: '请输入区划名称', en: 'Please enter the region name' },
      maxLength: 32,
      search: true,
    },
    { name: 'parentCode', type: 'id', label: { zh: '上级区划', en: 'Parent' }, list: false },
    { name: 'ancestors', type: 'string', label: { zh: '祖区划', en: 'Ancestors' }, form: false, list: false },
    {
      name: 'regionLevel',
      type: 'int',
      label: { zh: '区划等级', en: 'Level' },
      dict: 'region_level',
      form: false,
    },
    sortField(),
    remarkField,
  ],
};
