import type { EntityDef } from '../types.ts';

/** System parameters (spec part 3 and 5): the first catalog entity. */
export const param: EntityDef = {
  key: 'param',
  module: 'system',
  api: 'blade-system/param',
  route: '/system/param',
  table: 'blade_param',
  label: { zh: '参数管理', en: 'Parameters' },
  fields: [
    {
      name: 'paramName',
      type: 'string',
      label: { zh: '参数名称', en: 'Name' },
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      maxLength: 255,
      search: true,
      sort: true,
    },
    {
      name: 'paramKey',
      type: 'string',
      label: { zh: '参数键名', en: 'Key' },
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      unique: { zh: '参数键名已存在', en: 'A parameter with this key already exists' },
      maxLength: 255,
      search: true,
      sort: true,
    },
    {
      name: 'paramValue',
      type: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      maxLength: 4000,
      span: 24,
    },
    {
      name: 'remark',
      type: 'text',
      label: { zh: '备注', en: 'Remark' },
      maxLength: 255,
      list: false,
      span: 24,
    },
    {
      name: 'createTime',
      type: 'datetime',
      label: { zh: '创建时间', en: 'Created' },
      form: false,
      sort: true,
    },
  ],
};
