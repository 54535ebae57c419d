import { crmEntity, NOT_NEGATIVE, text, typed } from './fields.ts';

/** Where an enterprise works and what it makes: R&D platforms and assets, workshops, production. */

export const rdPlatform = crmEntity({
  key: 'rd_platform',
  api: 'rd-platform',
  route: 'rd-platform',
  table: 'crm_rd_platform',
  label: { zh: '研发平台', en: 'R&D platforms' },
  fields: [
    text('platformName', { zh: '平台名称', en: 'Platform name' }, { required: true, search: true }),
    text('platformLevel', { zh: '平台级别', en: 'Level' }, { max: 32 }),
    text('approvalAuthority', { zh: '认定机构', en: 'Approved by' }, { max: 128 }),
    typed('approvalDate', 'date', { zh: '认定日期', en: 'Approved' }),
  ],
});

export const rdPlatformAssets = crmEntity({
  key: 'rd_platform_assets',
  api: 'rd-platform-assets',
  route: 'rd-platform-assets',
  table: 'crm_rd_platform_assets',
  label: { zh: '研发平台资产', en: 'R&D platform assets' },
  parent: {
    ...typed('rdPlatformId', 'id', { zh: '所属平台', en: 'Platform' }, { required: true }),
    ref: { entity: 'rd_platform', nameField: 'platformName' },
  },
  fields: [
    text('assetName', { zh: '资产名称', en: 'Asset name' }, { required: true, search: true }),
    text('assetNo', { zh: '资产编号', en: 'Asset number' }, { max: 64 }),
    typed('quantity', 'int', { zh: '数量', en: 'Quantity' }, NOT_NEGATIVE),
    typed('amount', 'money', { zh: '金额(元)', en: 'Amount (yuan)' }, NOT_NEGATIVE),
    typed('purchaseDate', 'date', { zh: '购置日期', en: 'Purchased' }),
  ],
});

export const workshop = crmEntity({
  key: 'workshop',
  api: 'workshop',
  route: 'workshop',
  table: 'crm_workshop',
  label: { zh: '车间管理', en: 'Workshops' },
  fields: [
    text('workshopName', { zh: '车间名称', en: 'Workshop name' }, { required: true, search: true }),
    text('address', { zh: '车间地址', en: 'Address' }),
    typed('area', 'decimal', { zh: '面积(㎡)', en: 'Area (m²)' }, NOT_NEGATIVE),
    text('purpose', { zh: '用途', en: 'Purpose' }, { max: 128 }),
    typed('startDate', 'date', { zh: '启用日期', en: 'In use since' }),
  ],
});

export const production = crmEntity({
  key: 'production',
  api: 'production',
  route: 'production',
  table: 'crm_production',
  label: { zh: '生产情况', en: 'Production' },
  fields: [
    text('productName', { zh: '产品名称', en: 'Product' }, { required: true, search: true }),
    typed('productionYear', 'int', { zh: '年度', en: 'Year' }, { required: true }),
    typed('capacity', 'decimal', { zh: '产能', en: 'Capacity' }, NOT_NEGATIVE),
    typed('output', 'decimal', { zh: '产量', en: 'Output' }, NOT_NEGATIVE),
    typed('outputValue', 'money', { zh: '产值(元)', en: 'Output value (yuan)' }, NOT_NEGATIVE),
  ],
});

export const productionDetail = crmEntity({
  key: 'production_detail',
  api: 'production-detail',
  route: 'production-detail',
  table: 'crm_production_detail',
  label: { zh: '生产明细', en: 'Production detail' },
  parent: {
    ...typed('productionId', 'id', { zh: '所属生产情况', en: 'Production' }, { required: true }),
    ref: { entity: 'production', nameField: 'productName' },
  },
  fields: [
    text('itemName', { zh: '明细名称', en: 'Item' }, { required: true, search: true }),
    typed('productionDate', 'date', { zh: '生产日期', en: 'Date' }),
    typed('quantity', 'decimal', { zh: '数量', en: 'Quantity' }, NOT_NEGATIVE),
    text('unit', { zh: '单位', en: 'Unit' }, { max: 16 }),
    typed('amount', 'money', { zh: '金额(元)', en: 'Amount (yuan)' }, NOT_NEGATIVE),
  ],
});
