import type { EntityDef } from '../types.ts';
import { createTimeField, parentField, remarkField, sortField } from './fields.ts';

/** Departments (organisations): a tree per tenant; `ancestors` is kept by the server. */
export const dept: EntityDef = {
  key: 'dept',
  module: 'system',
  api: 'blade-system/dept',
  route: '/system/dept',
  table: 'blade_dept',
  label: { zh: '机构管理', en: 'Departments' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'deptName',
      type: 'string',
      label: { zh: '机构名称', en: 'Name' },
      required: { zh: '请输入机构名称', en: 'Please enter the department name' },
      maxLength: 45,
      search: true,
    },
    {
      name: 'fullName',
      type: 'string',
      label: { zh: '机构全称', en: 'Full name' },
      required: { zh: '请输入机构全称', en: 'Please enter the full name' },
      maxLength: 45,
      search: true,
    },
    parentField({ zh: '上级机构', en: 'Parent' }),
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, form: false, list: false },
    {
      name: 'deptCategory',
      type: 'int',
      label: { zh: '机构类型', en: 'Category' },
      dict: 'org_category',
      required: { zh: '请选择机构类型', en: 'Please select the category' },
      // 公司: Saber's department form sends none (issue 35).
      initial: 1,
      search: true,
    },
    { name: 'enterpriseId', type: 'id', label: { zh: '所属企业', en: 'Enterprise' }, list: false },
    // Whom a process asks for the starter's leader (部门负责人); a department without one asks its parent's.
    {
      name: 'leaderId',
      type: 'id',
      label: { zh: '负责人', en: 'Leader' },
      list: false,
      ref: { entity: 'user', nameField: 'realName', as: 'leaderName' },
    },
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};
