import { enterpriseField, longText, text, typed } from '../crm/fields.ts';
import { createTimeField, sortField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/**
 * 招聘岗位 (spec part 1 "jobs"; part 7 basic `job` with lazy-tree, lazy-list, tree, update): the
 * positions the park's enterprises recruit for, as a tree kept by parentId with `ancestors`: job
 * categories (技术研发, 市场销售, ...) at the top, the positions below them.
 */
export const job: EntityDef = {
  key: 'job',
  module: 'basic',
  api: 'blade-basic/job',
  route: '/basic/job',
  table: 'basic_job',
  label: { zh: '招聘岗位', en: 'Jobs' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('jobName', { zh: '岗位名称', en: 'Job title' }, { required: true, search: true, max: 100 }),
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '所属类别', en: 'Category' },
      ref: { entity: 'job', nameField: 'jobName', as: 'parentName' },
    },
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, form: false, list: false },
    { ...enterpriseField, label: { zh: '招聘企业', en: 'Enterprise' } },
    text('salary', { zh: '薪资待遇', en: 'Salary' }, { max: 50 }),
    typed('headcount', 'int', { zh: '招聘人数', en: 'Openings' }, { min: 1, max: 9999 }),
    text('education', { zh: '学历要求', en: 'Education' }, { max: 50 }),
    text('workPlace', { zh: '工作地点', en: 'Workplace' }, { max: 100 }),
    text('contactPhone', { zh: '联系电话', en: 'Contact phone' }, { max: 20, format: 'phone' }),
    longText('jobDescription', { zh: '岗位描述', en: 'Description' }),
    {
      name: 'status',
      type: 'int',
      label: { zh: '招聘状态', en: 'Recruiting' },
      dict: 'job_status',
      search: true,
      initial: 1,
    },
    { ...sortField({ zh: '请输入排序', en: 'Please enter the sort order' }), initial: 1, min: 0 },
    createTimeField,
  ],
};
