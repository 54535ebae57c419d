import { industryField } from '../basic/industry.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';
import { NOT_NEGATIVE, text, typed } from './fields.ts';

/**
 * Resident enterprises (spec part 3 "Enterprise"). `status` is the common status column
 * read through the enterprise_status dictionary: 1 in the park, 0 moved out; `restore` sets 1.
 * `agentUser` is the company account create-enterprise opens with the enterprise (the
 * spec's agentName/agentUser): set by the server, never by the form; reads add its
 * account name as `agentAccount` (its `ref`), which the list, the header and the export show.
 */
export const enterprise: EntityDef = {
  key: 'enterprise',
  module: 'crm',
  api: 'blade-crm/enterprise',
  route: '/crm/enterprise',
  table: 'crm_enterprise',
  label: { zh: '企业信息', en: 'Enterprises' },
  readWith: ['/crm/my-enterprise'],
  // 企业动态 lists the latest changed first.
  sorts: ['updateTime'],
  fields: [
    {
      ...text('enterpriseName', { zh: '企业名称', en: 'Enterprise name' }, { required: true, search: true, max: 100 }),
      sort: true,
      unique: { zh: '企业名称已存在', en: 'An enterprise with this name already exists' },
    },
    {
      ...text('creditCode', { zh: '统一社会信用代码', en: 'Credit code' }, { max: 18, format: 'creditCode' }),
      unique: { zh: '统一社会信用代码已存在', en: 'An enterprise with this credit code already exists' },
    },
    industryField({ zh: '所属行业', en: 'Industry' }),
    typed('registeredCapital', 'money', { zh: '注册资本(元)', en: 'Registered capital (yuan)' }, NOT_NEGATIVE),
    text('officeNumber', { zh: '办公室号', en: 'Office number' }, { max: 64 }),
    text('agentName', { zh: '联系人', en: 'Contact person' }, { max: 64 }),
    text('agentPhone', { zh: '联系电话', en: 'Contact phone' }, { max: 20, format: 'phone' }),
    {
      name: 'agentUser',
      type: 'id',
      label: { zh: '企业账号', en: 'Company account' },
      form: false,
      ref: { entity: 'user', nameField: 'account', as: 'agentAccount' },
    },
    typed('entryDate', 'date', { zh: '入驻日期', en: 'Entry date' }),
    typed('dueDate', 'date', { zh: '到期日期', en: 'Due date' }, { notBefore: 'entryDate' }),
    {
      name: 'status',
      type: 'int',
      label: { zh: '企业状态', en: 'Status' },
      dict: 'enterprise_status',
      search: true,
      form: false,
    },
    remarkField,
    createTimeField,
  ],
};
