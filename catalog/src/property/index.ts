import { dictField, enterpriseField, longText, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';
import { repairEntities } from './repairs.ts';

export * from './repairs.ts';

import { spaceEntities } from './spaces.ts';

export * from './spaces.ts';
export * from './vacancy.ts';

/**
 * Property (spec part 7 blade-property; issue 17): buildings and their floors (storey, one tree), the offices
 * and rooms on them, the lease contracts of enterprises (room-contract, which the office contract screen
 * writes too) and the rent and fees each contract generates per period (lease-contract-cost). The rules
 * (no two live contracts on one unit over overlapping dates, the generated costs, the company fence) are the
 * server's (server/src/modules/property); the catalog declares the fields.
 */

/** contract_type: what a contract rents. */
export const CONTRACT_TYPE = { office: 1, room: 2 } as const;
/** lease_status: a terminated contract no longer holds its units. */
export const LEASE_STATUS = { inEffect: 0, terminated: 1 } as const;
/** pay_status of a generated cost. */
export const PAY_STATUS = { unpaid: 0, paid: 1 } as const;

/**
 * A period with money on it (paid in full or in part) is a money record: never deleted (the server's remove and a trigger refuse it, issue 34.2); a
 * payment taken by mistake is reversed (撤销缴费) with a reason, which the period's history keeps.
 */
export const LEASE_COST_KEPT: Text = {
  zh: '已缴费的租赁费用不能删除，请使用撤销缴费',
  en: 'A paid lease cost cannot be deleted: reverse the payment instead',
};
/** Whether a cost row is kept (its 删除 is not offered). */
export const leaseCostKept = (row: Record<string, unknown>) =>
  Number(row.payStatus) === PAY_STATUS.paid || Number(row.paidAmount ?? 0) > 0;
/** The most a reversal's reason holds (property_lease_cost_reversal.reason). */
export const REVERSAL_REASON_MAX = 500;
/** contractRegistrationStatus (spec part 4): 0 unregistered, 1 registered. */
export const CONTRACT_REGISTRATION = { unregistered: 0, registered: 1 } as const;

/** The screens that read the property's rows besides their own: the contract screens pick units. */
const CONTRACT_SCREENS = ['/property/room-contract', '/property/office-contract'];
/** The repair screens pick the office or room a fault is in (their names travel with the rows, ./repairs.ts). */
const REPAIR_SCREENS = ['/property/repair', '/property/work-order'];

const storeyRef = (label: Text, required: boolean): FieldDef => ({
  ...typed('storeyId', 'id', label, { required }),
  search: true,
  ref: { entity: 'storey', nameField: 'storeyName' },
});

const area = (name: string, label: Text, required: boolean): FieldDef => ({
  ...typed(name, 'decimal', label, { required, ...NOT_NEGATIVE }),
  sort: true,
});

export const storey: EntityDef = {
  key: 'storey',
  module: 'property',
  api: 'blade-property/storey',
  route: '/property/storey',
  table: 'property_storey',
  label: { zh: '楼宇楼层', en: 'Buildings and floors' },
  tree: true,
  // Offices and rooms name their floor; the contract screens show where a unit is.
  readWith: ['/property/office', '/property/room', ...CONTRACT_SCREENS],
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('storeyName', { zh: '名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    {
      // A building has none (0); a floor names its building.
      ...typed('parentId', 'id', { zh: '所属楼宇', en: 'Building' }),
      ref: { entity: 'storey', nameField: 'storeyName' },
    },
    {
      ...dictField('storeyType', { zh: '类型', en: 'Type' }, 'property_storey_type'),
      form: false,
    },
    area('buildArea', { zh: '建筑面积(㎡)', en: 'Building area (m²)' }, false),
    text('address', { zh: '地址', en: 'Address' }, { max: 255 }),
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};

export const office: EntityDef = {
  key: 'office',
  module: 'property',
  api: 'blade-property/office',
  route: '/property/office',
  table: 'property_office',
  label: { zh: '办公室', en: 'Offices' },
  readWith: [...CONTRACT_SCREENS, ...REPAIR_SCREENS],
  fields: [
    text('officeName', { zh: '办公室编号', en: 'Office number' }, { required: true, search: true, max: 100 }),
    storeyRef({ zh: '所在楼层', en: 'Floor' }, true),
    area('buildArea', { zh: '建筑面积(㎡)', en: 'Building area (m²)' }, true),
    area('usableArea', { zh: '使用面积(㎡)', en: 'Usable area (m²)' }, false),
    remarkField,
    createTimeField,
  ],
};

export const room: EntityDef = {
  key: 'room',
  module: 'property',
  api: 'blade-property/room',
  route: '/property/room',
  table: 'property_room',
  label: { zh: '房间管理', en: 'Rooms' },
  readWith: [...CONTRACT_SCREENS, ...REPAIR_SCREENS],
  fields: [
    text('roomName', { zh: '房间编号', en: 'Room number' }, { required: true, search: true, max: 100 }),
    storeyRef({ zh: '所在楼层', en: 'Floor' }, true),
    area('buildArea', { zh: '建筑面积(㎡)', en: 'Building area (m²)' }, true),
    text('roomUse', { zh: '用途', en: 'Use' }, { max: 100 }),
    remarkField,
    createTimeField,
  ],
};

const money = (
  name: string,
  label: Text,
  opts: { required?: boolean; form?: boolean; list?: boolean; listPriority?: FieldDef['listPriority'] } = {},
) => ({
  ...typed(name, 'money', label, { required: opts.required, ...NOT_NEGATIVE, sort: true, list: opts.list }),
  ...(opts.form === false ? { form: false } : {}),
  ...(opts.listPriority ? { listPriority: opts.listPriority } : {}),
});

export const roomContract: EntityDef = {
  key: 'room_contract',
  module: 'property',
  api: 'blade-property/room-contract',
  route: '/property/room-contract',
  table: 'property_room_contract',
  label: { zh: '房间合同', en: 'Room contracts' },
  // The office contract screen shows and writes the same rows (spec part 7); the cost list names them.
  readWith: ['/property/office-contract', '/property/lease-contract-cost'],
  fields: [
    {
      ...text('contractNo', { zh: '合同编号', en: 'Contract number' }, { required: true, search: true, max: 64 }),
      unique: { zh: '合同编号已存在', en: 'A contract with this number already exists' },
    },
    { ...enterpriseField, required: { zh: '请选择所属企业', en: 'Please select the enterprise' } },
    { ...dictField('contractType', { zh: '合同类型', en: 'Contract type' }, 'property_contract_type'), list: false },
    // The picked units' ids, comma-joined (the contract form picks them); the list shows their numbers.
    { name: 'officeIds', type: 'string', label: { zh: '办公室', en: 'Offices' }, maxLength: 2000, list: false },
    { name: 'roomIds', type: 'string', label: { zh: '房间', en: 'Rooms' }, maxLength: 2000, list: false },
    {
      ...text('unitNames', { zh: '租赁单元', en: 'Leased units' }, { search: true, max: 2000 }),
      form: false,
    },
    { ...area('leaseArea', { zh: '租赁面积(㎡)', en: 'Leased area (m²)' }, false), form: false },
    {
      ...typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }, { required: true }),
      search: true,
      sort: true,
    },
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { required: true, notBefore: 'startDate' }),
    money('unitPrice', { zh: '租金单价(元/㎡/月)', en: 'Rent (yuan/m²/month)' }, { required: true, list: false }),
    money('feePrice', { zh: '物业费单价(元/㎡/月)', en: 'Property fee (yuan/m²/month)' }, { list: false }),
    money('monthlyRent', { zh: '月租金(元)', en: 'Monthly rent (yuan)' }, { form: false }),
    money('monthlyFee', { zh: '月物业费(元)', en: 'Monthly fee (yuan)' }, { form: false, list: false }),
    {
      ...dictField('payCycle', { zh: '付款周期', en: 'Payment cycle' }, 'property_pay_cycle', true),
      initial: 1,
      search: false,
    },
    money('deposit', { zh: '押金(元)', en: 'Deposit (yuan)' }, { list: false }),
    { ...typed('signDate', 'date', { zh: '签订日期', en: 'Signed on' }), list: false },
    {
      ...dictField(
        'contractRegistrationStatus',
        { zh: '登记状态', en: 'Registration' },
        'contract_registration_status',
        true,
      ),
      initial: CONTRACT_REGISTRATION.unregistered,
    },
    {
      ...dictField('leaseStatus', { zh: '租赁状态', en: 'Lease status' }, 'property_lease_status', true),
      initial: LEASE_STATUS.inEffect,
    },
    remarkField,
    createTimeField,
  ],
};

export const leaseContractCost: EntityDef = {
  key: 'lease_contract_cost',
  module: 'property',
  api: 'blade-property/lease-contract-cost',
  route: '/property/lease-contract-cost',
  table: 'property_lease_contract_cost',
  label: { zh: '租赁费用', en: 'Lease costs' },
  // The contract screens show a contract's costs.
  readWith: CONTRACT_SCREENS,
  defaultSort: { field: 'dueDate', desc: false },
  // What is owed, where it stands and by when come first (issue 34.3), then whose; the money columns follow from the payments
  // (property_lease_cost_payment, migration 0174), never typed: an edit sets the remark only.
  fields: [
    money('amountDue', { zh: '应缴金额(元)', en: 'Amount due (yuan)' }, { form: false }),
    money('paidAmount', { zh: '已缴金额(元)', en: 'Paid (yuan)' }, { form: false }),
    money('balance', { zh: '余额(元)', en: 'Balance (yuan)' }, { form: false }),
    { ...dictField('payState', { zh: '缴费状态', en: 'Payment status' }, 'property_pay_state'), form: false },
    { ...typed('dueDate', 'date', { zh: '应缴日期', en: 'Due date' }), form: false, search: true },
    {
      name: 'contractId',
      type: 'id',
      label: { zh: '合同编号', en: 'Contract number' },
      form: false,
      search: true,
      ref: { entity: 'room_contract', nameField: 'contractNo', as: 'contractNo' },
    },
    { ...dictField('costKind', { zh: '费用类型', en: 'Cost kind' }, 'property_cost_kind'), form: false },
    { ...enterpriseField, form: false },
    { ...typed('periodNo', 'int', { zh: '期数', en: 'Period' }), form: false },
    { ...typed('periodStart', 'date', { zh: '账期开始', en: 'Period from' }), form: false, sort: true },
    { ...typed('periodEnd', 'date', { zh: '账期结束', en: 'Period to' }), form: false },
    // The parts of the amount due: the first hidden on a narrow screen.
    money('rentAmount', { zh: '租金(元)', en: 'Rent (yuan)' }, { form: false, listPriority: 'low' }),
    money('feeAmount', { zh: '物业费(元)', en: 'Property fee (yuan)' }, { form: false, listPriority: 'low' }),
    // BladeX's paid flag (paid in full or not), kept for its clients; the screens show payState.
    {
      ...dictField('payStatus', { zh: '是否缴清', en: 'Paid in full' }, 'property_pay_status'),
      form: false,
      list: false,
      search: false,
    },
    { ...typed('paidDate', 'date', { zh: '缴费日期', en: 'Paid on' }), form: false },
    remarkField,
  ],
};

/** pay_state of a cost (a column the database computes from its payments): 部分缴纳 between 未缴 and 已缴. */
export const PAY_STATE = { unpaid: 0, paid: 1, partly: 2 } as const;
/** cost_kind: a rent and fee period of the schedule, or the contract's deposit. */
export const COST_KIND = { rent: 1, deposit: 2 } as const;
/** property_pay_method: how a payment was made. */
export const PAY_METHOD = { bank: 1, cash: 2, wechat: 3, alipay: 4, other: 9 } as const;
/** The longest receipt number, payer and note of a payment (property_lease_cost_payment). */
export const PAYMENT_LIMITS = { receiptNo: 64, payer: 100, note: 500 } as const;

/**
 * One payment on a lease period or deposit (blade-property/lease-contract-cost/payment/*): its amount (at most
 * the balance), date (not after today), method, payer, receipt number (one live payment's per tenant) and note.
 * Never removed: a wrong one is reversed with a reason. Declared for the payment form and the export of names.
 */
export const leaseCostPaymentFields: FieldDef[] = [
  typed('amount', 'money', { zh: '缴费金额(元)', en: 'Amount (yuan)' }, { required: true, min: 0.01 }),
  typed('paidDate', 'date', { zh: '缴费日期', en: 'Paid on' }, { required: true }),
  dictField('payMethod', { zh: '缴费方式', en: 'Payment method' }, 'property_pay_method', true),
  text('payer', { zh: '缴款人', en: 'Payer' }, { required: true, max: PAYMENT_LIMITS.payer }),
  text('receiptNo', { zh: '收据编号', en: 'Receipt number' }, { required: true, max: PAYMENT_LIMITS.receiptNo }),
  { ...longText('note', { zh: '备注', en: 'Note' }), maxLength: PAYMENT_LIMITS.note },
];

/**
 * Whether a generated cost is overdue: unpaid and its due date past. Computed on every read (never stored),
 * carried by the server's rows as `overdue` (see server/src/modules/property/costs.ts).
 */
export const OVERDUE_FIELD: FieldDef = {
  name: 'overdue',
  type: 'int',
  label: { zh: '是否逾期', en: 'Overdue' },
  dict: 'yes_no',
  form: false,
};

/** The property's entities (this slice of issue 17). */
export const propertyEntities: EntityDef[] = [
  storey,
  office,
  room,
  roomContract,
  leaseContractCost,
  ...spaceEntities,
  ...repairEntities,
];
