import { crmEntity, longText, NOT_NEGATIVE, text, typed } from './fields.ts';

/** An enterprise's registration and money figures: business info, holdings, economic data, finance. */

/** Business registration (one row per enterprise; `detail?enterpriseId=` reads it). */
export const businessInfo = crmEntity({
  key: 'business_info',
  api: 'businessinfo',
  route: 'business-info',
  table: 'crm_business_info',
  label: { zh: '工商信息', en: 'Business info' },
  fields: [
    text('legalPerson', { zh: '法定代表人', en: 'Legal representative' }, { required: true, search: true, max: 64 }),
    typed('establishDate', 'date', { zh: '成立日期', en: 'Established' }),
    text('enterpriseType', { zh: '企业类型', en: 'Company type' }, { max: 64 }),
    text('registrationAuthority', { zh: '登记机关', en: 'Registration authority' }, { max: 128 }),
    text('registeredAddress', { zh: '注册地址', en: 'Registered address' }),
    longText('businessScope', { zh: '经营范围', en: 'Business scope' }),
  ],
});

export const businessHolding = crmEntity({
  key: 'business_holding',
  api: 'business-holding',
  route: 'business-holding',
  table: 'crm_business_holding',
  label: { zh: '股东信息', en: 'Shareholders' },
  fields: [
    text('holderName', { zh: '股东名称', en: 'Shareholder' }, { required: true, search: true, max: 128 }),
    text('holderType', { zh: '股东类型', en: 'Shareholder type' }, { max: 64 }),
    typed('shareRatio', 'decimal', { zh: '持股比例(%)', en: 'Share (%)' }, { min: 0, max: 100 }),
    typed('subscribedCapital', 'money', { zh: '认缴出资(元)', en: 'Subscribed capital (yuan)' }, NOT_NEGATIVE),
    typed('subscribedDate', 'date', { zh: '出资日期', en: 'Subscription date' }),
  ],
});

export const economic = crmEntity({
  key: 'economic',
  api: 'economic',
  route: 'economic',
  table: 'crm_economic',
  label: { zh: '经济数据', en: 'Economic data' },
  fields: [
    typed('dataYear', 'int', { zh: '年度', en: 'Year' }, { required: true }),
    typed('outputValue', 'money', { zh: '产值(元)', en: 'Output value (yuan)' }, NOT_NEGATIVE),
    typed('revenue', 'money', { zh: '营业收入(元)', en: 'Revenue (yuan)' }, NOT_NEGATIVE),
    // Output and revenue first: on a narrow screen these two are the amounts that give way.
    { ...typed('taxAmount', 'money', { zh: '纳税额(元)', en: 'Tax paid (yuan)' }, NOT_NEGATIVE), listPriority: 'low' },
    {
      ...typed('rdInvestment', 'money', { zh: '研发投入(元)', en: 'R&D spending (yuan)' }, NOT_NEGATIVE),
      listPriority: 'low',
    },
    typed('employeeCount', 'int', { zh: '从业人数', en: 'Employees' }, NOT_NEGATIVE),
  ],
});

export const finance = crmEntity({
  key: 'enterprise_finance',
  api: 'finance',
  route: 'finance',
  table: 'crm_finance',
  label: { zh: '财务信息', en: 'Finance' },
  fields: [
    typed('reportDate', 'date', { zh: '报表日期', en: 'Report date' }, { required: true }),
    typed('totalAssets', 'money', { zh: '资产总额(元)', en: 'Total assets (yuan)' }, NOT_NEGATIVE),
    // Assets and net profit stay on a narrow screen; the liabilities give way.
    {
      ...typed('totalLiabilities', 'money', { zh: '负债总额(元)', en: 'Total liabilities (yuan)' }, NOT_NEGATIVE),
      listPriority: 'low',
    },
    typed('netProfit', 'money', { zh: '净利润(元)', en: 'Net profit (yuan)' }),
  ],
});
