import { dictField, enterpriseField, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * Production (spec part 7 blade-prod; issue 17): the production and safety reports enterprises hand in (with
 * their files), the experimental facilities they run and the dangerous chemicals they store. Every row belongs
 * to one enterprise; a company account reads and hands in its own enterprise's reports only (the server's
 * fence, server/src/modules/prod). Two flags are computed by the database on every read, never stored: a
 * report is overdue while it is not handed in and its due date is past, a chemical is over its limit while
 * its quantity exceeds the allowed one (migration 0151 reads both rows through a view).
 */

/** reportCycle (spec part 4; dictionary report_cycle): 1 weekly, 4 monthly, 2 quarterly, 3 yearly. */
export const REPORT_CYCLE = { weekly: 1, monthly: 4, quarterly: 2, yearly: 3 } as const;
/** prod_report_type. */
export const PROD_REPORT_TYPE = { production: 1, safety: 2, environment: 3 } as const;
/** asset_status, shared by experimental facilities and the finance's assets. */
export const ASSET_STATUS = { inUse: 1, idle: 2, repairing: 3, scrapped: 4 } as const;

/** A yes/no flag the database computes on every read: listed, searched and sorted, never typed. */
const flag = (name: string, label: Text): FieldDef => ({
  name,
  type: 'int',
  label,
  dict: 'yes_no',
  form: false,
  search: true,
  sort: true,
});

const person = (name: string, label: Text, required = false) => text(name, label, { required, max: 50 });
const phone = (name: string, label: Text) => ({
  ...text(name, label, { max: 20, format: 'phone' }),
  list: false,
});

export const prodReport: EntityDef = {
  key: 'prod_report',
  module: 'prod',
  api: 'blade-prod/report',
  route: '/prod/report',
  // The view over prod_report adds `overdue` (migration 0151); writes go through it to the table.
  table: 'prod_report_view',
  label: { zh: '生产报告', en: 'Production reports' },
  defaultSort: { field: 'dueDate', desc: true },
  fields: [
    enterpriseField,
    // What the report is: shown on every width, as the enterprise is.
    {
      ...text('title', { zh: '报告标题', en: 'Title' }, { required: true, search: true, max: 200 }),
      listPriority: 'key',
    },
    dictField('reportType', { zh: '报告类型', en: 'Report type' }, 'prod_report_type', true),
    dictField('reportCycle', { zh: '报告周期', en: 'Report cycle' }, 'report_cycle', true),
    typed('periodStart', 'date', { zh: '报告期开始', en: 'Period from' }, { required: true }),
    typed('periodEnd', 'date', { zh: '报告期结束', en: 'Period to' }, { required: true, notBefore: 'periodStart' }),
    { ...typed('dueDate', 'date', { zh: '截止日期', en: 'Due date' }, { required: true }), search: true },
    typed('submitDate', 'date', { zh: '提交日期', en: 'Submitted on' }),
    flag('overdue', { zh: '是否逾期', en: 'Overdue' }),
    remarkField,
    createTimeField,
  ],
};

export const experimentalFacility: EntityDef = {
  key: 'experimental_facility',
  module: 'prod',
  api: 'blade-prod/experimental-facility',
  route: '/prod/experimental-facility',
  table: 'prod_experimental_facility',
  label: { zh: '实验设施', en: 'Experimental facilities' },
  fields: [
    enterpriseField,
    text('facilityName', { zh: '设施名称', en: 'Facility' }, { required: true, search: true, max: 100 }),
    text('facilityModel', { zh: '型号', en: 'Model' }, { max: 100 }),
    typed('quantity', 'int', { zh: '数量', en: 'Quantity' }, { required: true, ...NOT_NEGATIVE }),
    text('location', { zh: '存放位置', en: 'Location' }, { max: 200 }),
    person('responsiblePerson', { zh: '负责人', en: 'Person in charge' }),
    phone('responsiblePhone', { zh: '负责人电话', en: 'Phone of the person in charge' }),
    typed('purchaseDate', 'date', { zh: '购置日期', en: 'Purchased on' }),
    {
      ...dictField('facilityStatus', { zh: '设施状态', en: 'Status' }, 'asset_status', true),
      initial: ASSET_STATUS.inUse,
    },
    remarkField,
    createTimeField,
  ],
};

export const dangerChemical: EntityDef = {
  key: 'danger_chemical',
  module: 'prod',
  api: 'blade-prod/danger-chemical',
  route: '/prod/danger-chemical',
  // The view over prod_danger_chemical adds `overLimit` (migration 0151).
  table: 'prod_danger_chemical_view',
  label: { zh: '危险化学品', en: 'Dangerous chemicals' },
  fields: [
    enterpriseField,
    text('chemicalName', { zh: '化学品名称', en: 'Chemical' }, { required: true, search: true, max: 100 }),
    // Checked by the server: digits in three groups and the check digit (server/src/modules/prod).
    text('casNo', { zh: 'CAS号', en: 'CAS number' }, { search: true, max: 20 }),
    {
      ...typed('quantity', 'decimal', { zh: '存量', en: 'Quantity' }, { required: true, ...NOT_NEGATIVE }),
      sort: true,
    },
    dictField('unit', { zh: '计量单位', en: 'Unit' }, 'prod_chemical_unit', true),
    {
      ...typed(
        'maxQuantity',
        'decimal',
        { zh: '允许最大存量', en: 'Allowed quantity' },
        { required: true, ...NOT_NEGATIVE },
      ),
      sort: true,
    },
    flag('overLimit', { zh: '是否超量', en: 'Over the limit' }),
    text('storagePlace', { zh: '存放地点', en: 'Storage place' }, { required: true, max: 200 }),
    person('responsiblePerson', { zh: '负责人', en: 'Person in charge' }, true),
    phone('responsiblePhone', { zh: '负责人电话', en: 'Phone of the person in charge' }),
    remarkField,
    createTimeField,
  ],
};

/** The production's entities. */
export const prodEntities: EntityDef[] = [prodReport, experimentalFacility, dangerChemical];
