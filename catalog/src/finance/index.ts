import { dictField, enterpriseField, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { ASSET_STATUS } from '../prod/index.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * Finance (spec part 7 blade-finance; issue 17): what the park's shared facilities earn (facility-return),
 * the facilities enterprises lease from the park (facility-lease, with the list of the leasing enterprises)
 * and the park's own fixed assets (asset, its code unique in the tenant). The fields the spec leaves open are
 * recorded in docs/decisions.md.
 */

/** The lease states of a facility lease, the property's dictionary (property_lease_status): 0 in effect, 1 ended. */
export const FACILITY_LEASE_STATUS = { inEffect: 0, ended: 1 } as const;

const money = (name: string, label: Text, required = false): FieldDef => ({
  ...typed(name, 'money', label, { required, ...NOT_NEGATIVE, sort: true }),
});

export const facilityReturn: EntityDef = {
  key: 'facility_return',
  module: 'finance',
  api: 'blade-finance/facility-return',
  route: '/finance/facility-return',
  table: 'finance_facility_return',
  label: { zh: '设施回报', en: 'Facility returns' },
  defaultSort: { field: 'periodStart', desc: true },
  fields: [
    text('facilityName', { zh: '设施名称', en: 'Facility' }, { required: true, search: true, max: 100 }),
    dictField('facilityType', { zh: '设施类型', en: 'Facility type' }, 'finance_facility_type', true),
    // The enterprise that used the facility, when one did (a shared instrument's user); none for the park's own.
    { ...enterpriseField, label: { zh: '使用企业', en: 'Used by' } },
    { ...typed('periodStart', 'date', { zh: '统计期开始', en: 'Period from' }, { required: true }), search: true },
    typed('periodEnd', 'date', { zh: '统计期结束', en: 'Period to' }, { required: true, notBefore: 'periodStart' }),
    money('incomeAmount', { zh: '收入金额(元)', en: 'Income (yuan)' }, true),
    money('costAmount', { zh: '运营成本(元)', en: 'Operating cost (yuan)' }),
    typed('receivedDate', 'date', { zh: '到账日期', en: 'Received on' }),
    remarkField,
    createTimeField,
  ],
};

export const facilityLease: EntityDef = {
  key: 'facility_lease',
  module: 'finance',
  api: 'blade-finance/facility-lease',
  route: '/finance/facility-lease',
  table: 'finance_facility_lease',
  label: { zh: '设施租赁', en: 'Facility leases' },
  fields: [
    {
      ...text('leaseNo', { zh: '租赁编号', en: 'Lease number' }, { required: true, search: true, max: 64 }),
      unique: { zh: '租赁编号已存在', en: 'A lease with this number already exists' },
    },
    { ...enterpriseField, required: { zh: '请选择承租企业', en: 'Please select the leasing enterprise' } },
    text('facilityName', { zh: '设施名称', en: 'Facility' }, { required: true, search: true, max: 100 }),
    dictField('facilityType', { zh: '设施类型', en: 'Facility type' }, 'finance_facility_type', true),
    typed('quantity', 'int', { zh: '数量', en: 'Quantity' }, { required: true, ...NOT_NEGATIVE }),
    { ...typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }, { required: true }), search: true },
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { required: true, notBefore: 'startDate' }),
    money('monthlyRent', { zh: '月租金(元)', en: 'Monthly rent (yuan)' }, true),
    { ...money('deposit', { zh: '押金(元)', en: 'Deposit (yuan)' }), list: false },
    {
      ...dictField('leaseStatus', { zh: '租赁状态', en: 'Lease status' }, 'property_lease_status', true),
      initial: FACILITY_LEASE_STATUS.inEffect,
    },
    remarkField,
    createTimeField,
  ],
};

export const asset: EntityDef = {
  key: 'asset',
  module: 'finance',
  api: 'blade-finance/asset',
  route: '/finance/asset',
  table: 'finance_asset',
  label: { zh: '资产管理', en: 'Assets' },
  fields: [
    {
      ...text('assetCode', { zh: '资产编号', en: 'Asset code' }, { required: true, search: true, max: 64 }),
      unique: { zh: '资产编号已存在', en: 'An asset with this code already exists' },
    },
    text('assetName', { zh: '资产名称', en: 'Asset' }, { required: true, search: true, max: 100 }),
    dictField('assetCategory', { zh: '资产类别', en: 'Category' }, 'finance_asset_category', true),
    money('assetValue', { zh: '资产原值(元)', en: 'Original value (yuan)' }, true),
    typed('purchaseDate', 'date', { zh: '购置日期', en: 'Purchased on' }),
    text('location', { zh: '存放地点', en: 'Location' }, { max: 200 }),
    text('custodian', { zh: '保管人', en: 'Custodian' }, { search: true, max: 50 }),
    {
      ...dictField('assetStatus', { zh: '资产状态', en: 'Status' }, 'asset_status', true),
      initial: ASSET_STATUS.inUse,
    },
    remarkField,
    createTimeField,
  ],
};

/** The finance's entities. */
export const financeEntities: EntityDef[] = [facilityReturn, facilityLease, asset];
