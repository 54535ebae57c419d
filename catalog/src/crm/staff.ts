import { crmEntity, dictField, text, typed } from './fields.ts';

/** Enterprise staff (spec part 3 "Staff"); `userId` is set by the bind calls, never by the form. */
export const crmStaff = crmEntity({
  key: 'enterprise_staff',
  api: 'staff',
  route: 'staff',
  table: 'crm_staff',
  label: { zh: '企业人员', en: 'Staff' },
  fields: [
    text('staffName', { zh: '姓名', en: 'Name' }, { required: true, search: true, max: 64 }),
    typed('birthDate', 'date', { zh: '出生日期', en: 'Birth date' }),
    text('qualification', { zh: '学历', en: 'Education' }, { max: 64 }),
    dictField('identityType', { zh: '人员身份', en: 'Identity' }, 'identity_type'),
    text('phone', { zh: '手机号码', en: 'Mobile' }, { max: 20, format: 'phone' }),
    typed('joinDate', 'date', { zh: '入职日期', en: 'Join date' }),
    typed('dimissionDate', 'date', { zh: '离职日期', en: 'Leaving date' }, { notBefore: 'joinDate' }),
    { name: 'userId', type: 'id', label: { zh: '绑定账号', en: 'Bound account' }, form: false, list: false },
  ],
});
