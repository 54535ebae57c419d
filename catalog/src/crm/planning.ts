import { crmEntity, longText, NOT_NEGATIVE, text, typed } from './fields.ts';

/** An enterprise's plans, milestones and agreements with the park. */

export const enterprisePlan = crmEntity({
  key: 'enterprise_plan',
  api: 'enterprise-plan',
  route: 'enterprise-plan',
  table: 'crm_enterprise_plan',
  label: { zh: '企业规划', en: 'Enterprise plans' },
  fields: [
    typed('planYear', 'int', { zh: '规划年度', en: 'Year' }, { required: true }),
    text('planTitle', { zh: '规划标题', en: 'Title' }, { required: true, search: true }),
    typed('targetRevenue', 'money', { zh: '目标营收(元)', en: 'Target revenue (yuan)' }, NOT_NEGATIVE),
    longText('content', { zh: '规划内容', en: 'Content' }),
  ],
});

export const enterpriseHistory = crmEntity({
  key: 'enterprise_history',
  api: 'enterprise-history',
  route: 'history',
  table: 'crm_enterprise_history',
  label: { zh: '企业历程', en: 'Enterprise history' },
  fields: [
    typed('eventDate', 'date', { zh: '事件日期', en: 'Date' }, { required: true }),
    text('eventTitle', { zh: '事件标题', en: 'Event' }, { required: true, search: true }),
    longText('content', { zh: '事件内容', en: 'Content' }),
  ],
});

export const agreement = crmEntity({
  key: 'agreement',
  api: 'agreement',
  route: 'agreement',
  table: 'crm_agreement',
  label: { zh: '协议管理', en: 'Agreements' },
  fields: [
    text('agreementNo', { zh: '协议编号', en: 'Agreement number' }, { required: true, search: true, max: 64 }),
    text('agreementName', { zh: '协议名称', en: 'Agreement name' }, { required: true, search: true }),
    typed('signDate', 'date', { zh: '签订日期', en: 'Signed' }),
    typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }),
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { notBefore: 'startDate' }),
    typed('amount', 'money', { zh: '协议金额(元)', en: 'Amount (yuan)' }, NOT_NEGATIVE),
  ],
});
