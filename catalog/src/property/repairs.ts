import { dictField, enterpriseField, longText, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * Repairs and work orders (spec part 7 blade-property repair, work-order; blade-crm work-order/submit) and
 * renovation records (rebuild). A repair request and its work order are one row of property_repair, seen by
 * two screens: 报修管理 lists what was reported (a company account its own enterprise's, to rate or cancel),
 * 工单管理 is the park's work on the same rows (派单, 开始处理, 完成). Every move of its state is one
 * conditional update with a row in property_repair_step, done by the server (server/src/modules/property/repairs.ts).
 */

/** repair_status (dictionary property_repair_status). */
export const REPAIR_STATUS = {
  pending: 0,
  assigned: 1,
  working: 2,
  finished: 3,
  rated: 4,
  cancelled: 5,
} as const;
export type RepairStatus = (typeof REPAIR_STATUS)[keyof typeof REPAIR_STATUS];

/**
 * A finished or rated repair (or any with a rating) is the record of the work done: never deleted (the server's
 * remove and a trigger refuse it, issue 34.2). It stays in the list under its state; nothing replaces it.
 */
export const REPAIR_KEPT: Text = {
  zh: '已完成或已评价的报修单是服务记录，不能删除',
  en: 'A finished or rated repair is the record of the work done and cannot be deleted',
};
/** Whether a repair row is kept (its 删除 is not offered). */
export const repairKept = (row: Record<string, unknown>) =>
  Number(row.repairStatus) === REPAIR_STATUS.finished ||
  Number(row.repairStatus) === REPAIR_STATUS.rated ||
  (row.rating !== null && row.rating !== undefined && row.rating !== '');

/**
 * What a step of a repair did (property_repair_step.action); the web names each. `return` is a repair run by its
 * process going back a stage (sent back to 派单 or to the reporter, or back to work from 报修人确认).
 */
export const REPAIR_ACTIONS = ['report', 'assign', 'start', 'finish', 'rate', 'cancel', 'return'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

const userRef = (name: string, label: FieldDef['label'], as: string, list = true): FieldDef => ({
  name,
  type: 'id',
  label,
  form: false,
  list,
  ref: { entity: 'user', nameField: 'realName', as },
});

/** An office or room a row names; `carried` has the server read its name with the row (a company account reads no units). */
const unitRef = (entity: 'office' | 'room', carried: boolean): FieldDef => {
  const nameField = entity === 'office' ? 'officeName' : 'roomName';
  return {
    name: entity === 'office' ? 'officeId' : 'roomId',
    type: 'id',
    label: entity === 'office' ? { zh: '办公室', en: 'Office' } : { zh: '房间', en: 'Room' },
    list: false,
    ref: { entity, nameField, ...(carried ? { as: nameField } : {}) },
  };
};

const repairFields: FieldDef[] = [
  {
    ...text('repairNo', { zh: '报修单号', en: 'Repair no.' }, { search: true, max: 32 }),
    form: false,
  },
  { ...dictField('faultType', { zh: '故障类型', en: 'Fault type' }, 'property_fault_type', true) },
  text('location', { zh: '报修地点', en: 'Location' }, { required: true, search: true, max: 200 }),
  unitRef('office', true),
  unitRef('room', true),
  { ...enterpriseField, list: true },
  { ...longText('description', { zh: '故障描述', en: 'Description' }, true), maxLength: 1000 },
  {
    name: 'repairImage',
    type: 'string',
    label: { zh: '现场照片', en: 'Photo' },
    maxLength: 500,
    image: true,
    list: false,
  },
  text('contactPhone', { zh: '联系电话', en: 'Contact phone' }, { required: true, max: 20, format: 'phone' }),
  // The reporter is the row's creator: told of every step, the one who rates it.
  userRef('createUser', { zh: '报修人', en: 'Reported by' }, 'reportUserName'),
  {
    ...dictField('repairStatus', { zh: '工单状态', en: 'Status' }, 'property_repair_status'),
    form: false,
    initial: REPAIR_STATUS.pending,
  },
  userRef('assignee', { zh: '处理人', en: 'Assignee' }, 'assigneeName'),
  { name: 'assignTime', type: 'datetime', label: { zh: '派单时间', en: 'Assigned' }, form: false, list: false },
  { name: 'startTime', type: 'datetime', label: { zh: '开始时间', en: 'Started' }, form: false, list: false },
  { name: 'finishTime', type: 'datetime', label: { zh: '完成时间', en: 'Finished' }, form: false, sort: true },
  { ...longText('result', { zh: '处理结果', en: 'Result' }), form: false },
  {
    ...typed('rating', 'int', { zh: '评分', en: 'Rating' }, { min: 1, max: 5 }),
    form: false,
  },
  { ...longText('ratingComment', { zh: '评价内容', en: 'Rating comment' }), form: false },
  { ...createTimeField, label: { zh: '报修时间', en: 'Reported' }, list: true },
  // The workflow instance it runs through (a tenant with a repair process): the screens link to it.
  {
    name: 'processInstanceId',
    type: 'id',
    label: { zh: '流程实例', en: 'Process instance' },
    form: false,
    list: false,
  },
];

export const repair: EntityDef = {
  key: 'repair',
  module: 'property',
  api: 'blade-property/repair',
  route: '/property/repair',
  table: 'property_repair',
  label: { zh: '报修管理', en: 'Repairs' },
  fields: repairFields,
};

/** The same rows as the park works them: its own buttons (work_order_*) and screen. */
export const workOrder: EntityDef = {
  ...repair,
  key: 'work_order',
  api: 'blade-property/work-order',
  route: '/property/work-order',
  label: { zh: '工单管理', en: 'Work orders' },
};

/** rebuild_status (dictionary property_rebuild_status). */
export const REBUILD_STATUS = { planned: 0, underway: 1, done: 2 } as const;

export const rebuild: EntityDef = {
  key: 'rebuild',
  module: 'property',
  api: 'blade-property/rebuild',
  route: '/property/rebuild',
  table: 'property_rebuild',
  label: { zh: '改造记录', en: 'Renovations' },
  defaultSort: { field: 'startDate', desc: true },
  fields: [
    text('rebuildName', { zh: '改造名称', en: 'Renovation' }, { required: true, search: true, max: 100 }),
    // At least one of the two (the server says so); a renovation may take an office and the room beside it.
    { ...unitRef('office', false), list: true },
    { ...unitRef('room', false), list: true },
    { ...enterpriseField, list: true },
    { ...longText('content', { zh: '改造内容', en: 'Work done' }, true), maxLength: 1000 },
    text('contractor', { zh: '施工单位', en: 'Contractor' }, { required: true, search: true, max: 100 }),
    { ...typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }, { required: true }), search: true },
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { notBefore: 'startDate' }),
    typed('cost', 'money', { zh: '费用(元)', en: 'Cost (yuan)' }, { ...NOT_NEGATIVE, sort: true }),
    {
      ...dictField('rebuildStatus', { zh: '状态', en: 'Status' }, 'property_rebuild_status', true),
      initial: REBUILD_STATUS.planned,
    },
    remarkField,
    createTimeField,
  ],
};

export const repairEntities: EntityDef[] = [repair, workOrder, rebuild];
