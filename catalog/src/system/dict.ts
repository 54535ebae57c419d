import type { EntityDef, FieldDef } from '../types.ts';
import { parentField, remarkField } from './fields.ts';

/**
 * Dictionaries (spec parts 3 and 5): a parent row per code (dictKey -1, as BladeX's
 * client sends it) with its entries as children. System dictionaries are the
 * platform's; business dictionaries (dict-biz) are each tenant's own.
 */
const fields: FieldDef[] = [
  {
    name: 'code',
    type: 'string',
    label: { zh: '字典编号', en: 'Code' },
    required: { zh: '请输入字典编号', en: 'Please enter the dictionary code' },
    maxLength: 255,
    search: true,
  },
  {
    name: 'dictValue',
    type: 'string',
    label: { zh: '字典名称', en: 'Name' },
    required: { zh: '请输入字典名称', en: 'Please enter the dictionary name' },
    maxLength: 255,
    search: true,
    // What the code stands for: beside it on every width.
    listPriority: 'key',
  },
  // What English readers see in place of dictValue (dropdowns, list cells, exports); none shows dictValue.
  { name: 'dictValueEn', type: 'string', label: { zh: '英文名称', en: 'English name' }, maxLength: 255 },
  parentField({ zh: '上级字典', en: 'Parent dictionary' }),
  {
    name: 'dictKey',
    type: 'string',
    label: { zh: '字典键值', en: 'Key' },
    required: { zh: '请输入字典键值', en: 'Please enter the dictionary key' },
    maxLength: 255,
  },
  {
    name: 'sort',
    type: 'int',
    label: { zh: '字典排序', en: 'Sort' },
    required: { zh: '请输入字典排序', en: 'Please enter the sort order' },
    sort: true,
  },
  {
    name: 'isSealed',
    type: 'int',
    label: { zh: '封存', en: 'Sealed' },
    dict: 'yes_no',
    required: { zh: '请选择封存', en: 'Please choose whether it is sealed' },
    initial: 0,
  },
  remarkField,
];

export const dict: EntityDef = {
  key: 'dict',
  module: 'system',
  api: 'blade-system/dict',
  route: '/system/dict',
  // The same dictionaries side by side and stacked (spec part 2's dictionary screens).
  readWith: ['/dict-horizontal/index', '/dict-vertical/index'],
  table: 'blade_dict',
  label: { zh: '系统字典', en: 'System dictionaries' },
  tree: true,
  scope: 'platform',
  defaultSort: { field: 'sort', desc: false },
  fields,
};

export const dictBiz: EntityDef = {
  key: 'dictbiz',
  module: 'system',
  api: 'blade-system/dict-biz',
  route: '/system/dictbiz',
  table: 'blade_dict_biz',
  label: { zh: '业务字典', en: 'Business dictionaries' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  fields,
};
