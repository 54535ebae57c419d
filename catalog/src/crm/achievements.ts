import { crmEntity, dictField, text, typed } from './fields.ts';

/** What an enterprise has earned: intellectual property, qualifications, certificates and awards, standards. */

/** `status` is the common status column read as the IP status (0 invalid / 1 valid, a new row valid). */
export const intellectualProperty = crmEntity({
  key: 'intellectual_property',
  api: 'intellectual-property',
  route: 'intellectual-property',
  table: 'crm_intellectual_property',
  label: { zh: '知识产权', en: 'Intellectual property' },
  fields: [
    text('patentNo', { zh: '专利号', en: 'Patent number' }, { required: true, search: true, max: 64 }),
    text('patentName', { zh: '专利名称', en: 'Patent name' }, { required: true, search: true }),
    dictField('patentType', { zh: '专利类型', en: 'Patent type' }, 'patent_type', true),
    typed('grantPubDate', 'date', { zh: '授权公告日', en: 'Grant date' }),
    text('owner', { zh: '专利权人', en: 'Owner' }, { max: 128 }),
    { name: 'status', type: 'int', label: { zh: '状态', en: 'Status' }, dict: 'ip_status', search: true, initial: 1 },
  ],
});

export const qualification = crmEntity({
  key: 'qualification',
  api: 'qualification',
  route: 'qualification',
  table: 'crm_qualification',
  label: { zh: '企业资质', en: 'Qualifications' },
  fields: [
    text('qualificationNo', { zh: '资质编号', en: 'Qualification number' }, { required: true, search: true, max: 64 }),
    text('qualificationName', { zh: '资质名称', en: 'Qualification name' }, { required: true, search: true }),
    dictField('qualificationType', { zh: '资质类型', en: 'Qualification type' }, 'qualification_type', true),
    typed('acquisitionDate', 'date', { zh: '取得日期', en: 'Acquired' }),
  ],
});

export const certificate = crmEntity({
  key: 'certificate',
  api: 'certificate',
  route: 'certificate',
  table: 'crm_certificate',
  label: { zh: '证书奖项', en: 'Certificates and awards' },
  fields: [
    text('certificateNo', { zh: '证书编号', en: 'Certificate number' }, { required: true, search: true, max: 64 }),
    text('certificateName', { zh: '证书名称', en: 'Certificate name' }, { required: true, search: true }),
    dictField('certificateType', { zh: '证书类型', en: 'Certificate type' }, 'certificate_type', true),
    text('contestName', { zh: '赛事名称', en: 'Contest' }),
    text('certificateAuthority', { zh: '发证机构', en: 'Issuing authority' }, { max: 128 }),
    typed('acquisitionDate', 'date', { zh: '获得日期', en: 'Acquired' }),
  ],
});

export const standard = crmEntity({
  key: 'standard',
  api: 'standard',
  route: 'standard',
  table: 'crm_standard',
  label: { zh: '标准制定', en: 'Standards' },
  fields: [
    text('standardNo', { zh: '标准编号', en: 'Standard number' }, { required: true, search: true, max: 64 }),
    text('standardName', { zh: '标准名称', en: 'Standard name' }, { required: true, search: true }),
    text('standardLevel', { zh: '标准级别', en: 'Level' }, { max: 32 }),
    text('participation', { zh: '参与方式', en: 'Participation' }, { max: 32 }),
    typed('publishDate', 'date', { zh: '发布日期', en: 'Published' }),
  ],
});
