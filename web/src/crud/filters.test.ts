import type { EntityDef } from '@park/catalog';
import { param } from '@park/catalog';
import dayjs, { type Dayjs } from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildFilters, CREATE_TIME_RANGE, searchFieldsOf, sortParams } from './filters.ts';

const lease: EntityDef = {
  key: 'lease',
  module: 'property',
  api: 'blade-property/lease',
  route: '/property/lease',
  table: 'lease',
  label: { zh: '租约', en: 'Leases' },
  fields: [
    { name: 'tenantName', type: 'string', label: { zh: '承租方', en: 'Tenant' }, search: true },
    { name: 'status', type: 'int', dict: 'lease_status', label: { zh: '状态', en: 'Status' }, search: true },
    { name: 'signDate', type: 'date', label: { zh: '签约日期', en: 'Signed' }, search: true },
    { name: 'remark', type: 'text', label: { zh: '备注', en: 'Remark' } },
  ],
};

describe('searchFieldsOf', () => {
  it('offers exactly the fields marked search', () => {
    expect(searchFieldsOf(param).map((f) => f.name)).toEqual(['paramName', 'paramKey']);
  });
});

describe('buildFilters', () => {
  it('sends trimmed search values under the field names', () => {
    expect(buildFilters(param, { paramName: '  账号 ', paramKey: 'account.initPassword' })).toEqual({
      paramName: '账号',
      paramKey: 'account.initPassword',
    });
  });

  it('leaves out empty values and fields that are not searchable', () => {
    expect(buildFilters(param, { paramName: '', paramKey: '   ', paramValue: 'x', remark: 'y' })).toEqual({});
    expect(buildFilters(param, { paramName: null, paramKey: undefined })).toEqual({});
  });

  it('sends the creation-time range as createTime_dategt / createTime_datelt', () => {
    const range: [Dayjs, Dayjs] = [dayjs('2024-03-01 00:00:00'), dayjs('2024-03-31 23:59:59')];
    expect(buildFilters(param, { paramKey: 'tenant', [CREATE_TIME_RANGE]: range })).toEqual({
      paramKey: 'tenant',
      createTime_dategt: '2024-03-01 00:00:00',
      createTime_datelt: '2024-03-31 23:59:59',
    });
  });

  it('sends an open-ended range with the end it has', () => {
    expect(buildFilters(param, { [CREATE_TIME_RANGE]: [dayjs('2024-03-01 08:30:00'), null] })).toEqual({
      createTime_dategt: '2024-03-01 08:30:00',
    });
    expect(buildFilters(param, { [CREATE_TIME_RANGE]: null })).toEqual({});
  });

  it('sends numbers as they are and a picked date as the whole day', () => {
    expect(buildFilters(lease, { tenantName: 'ACME', status: 0, signDate: dayjs('2024-05-06 13:00:00') })).toEqual({
      tenantName: 'ACME',
      status: '0',
      signDate_dateequal: '2024-05-06',
    });
  });
});

describe('sortParams', () => {
  it('maps the table sort to ascs / descs', () => {
    expect(sortParams('paramName', 'ascend')).toEqual({ ascs: 'paramName' });
    expect(sortParams('createTime', 'descend')).toEqual({ descs: 'createTime' });
  });

  it('sends nothing when the sort is cleared', () => {
    expect(sortParams('paramName', null)).toEqual({});
    expect(sortParams(undefined, 'ascend')).toEqual({});
  });
});
