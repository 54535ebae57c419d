import { crmEntity, dictField, longText, NOT_NEGATIVE, text, typed } from './fields.ts';

/** Research projects, their history records and project examples. */

/**
 * The contract status travels as `contractStatus` (0..3, spec part 4): the row's own
 * `status` is the common 0/1 column every business row carries.
 */
export const project = crmEntity({
  key: 'project',
  api: 'project',
  route: 'project',
  table: 'crm_project',
  label: { zh: '科研项目', en: 'Projects' },
  fields: [
    {
      ...text('projectNo', { zh: '项目编号', en: 'Project number' }, { required: true, search: true, max: 64 }),
      unique: { zh: '项目编号已存在', en: 'A project with this number already exists' },
    },
    text('projectName', { zh: '项目名称', en: 'Project name' }, { required: true, search: true }),
    text('entrustInstitution', { zh: '委托单位', en: 'Commissioned by' }, { max: 128 }),
    typed('dueTime', 'date', { zh: '截止日期', en: 'Due date' }),
    typed('amount', 'money', { zh: '项目金额(元)', en: 'Amount (yuan)' }, NOT_NEGATIVE),
    dictField('contractStatus', { zh: '合同状态', en: 'Contract status' }, 'contract_status', true),
  ],
});

/** A dated record of what happened to a project; its enterprise is the project's. */
export const projectHistory = crmEntity({
  key: 'project_history',
  api: 'project-history',
  route: 'project-history',
  table: 'crm_project_history',
  label: { zh: '项目历史记录', en: 'Project history' },
  parent: { ...typed('projectId', 'id', { zh: '所属项目', en: 'Project' }, { required: true }), picker: 'project' },
  fields: [
    { ...typed('recordDate', 'date', { zh: '记录日期', en: 'Date' }, { required: true }), sort: true },
    dictField('contractStatus', { zh: '合同状态', en: 'Contract status' }, 'contract_status'),
    longText('content', { zh: '记录内容', en: 'Content' }, true),
  ],
});

export const projectExample = crmEntity({
  key: 'project_example',
  api: 'project-example',
  route: 'project-example',
  table: 'crm_project_example',
  label: { zh: '项目案例', en: 'Project examples' },
  fields: [
    text('exampleName', { zh: '案例名称', en: 'Example name' }, { required: true, search: true }),
    text('customer', { zh: '客户名称', en: 'Customer' }, { max: 128 }),
    typed('amount', 'money', { zh: '合同金额(元)', en: 'Amount (yuan)' }, NOT_NEGATIVE),
    typed('completionDate', 'date', { zh: '完成日期', en: 'Completed' }),
    longText('description', { zh: '案例介绍', en: 'Description' }),
  ],
});
