import type { FieldDef } from '../types.ts';

/** Fields the SMS and OSS provider configurations share (BladeX's blade_sms and blade_oss). */
export const accessKeyField: FieldDef = {
  name: 'accessKey',
  type: 'string',
  label: { zh: 'AccessKey', en: 'Access key' },
  required: { zh: '请输入AccessKey', en: 'Please enter the access key' },
  maxLength: 255,
};

/** Never sent back in clear: the server answers a mask and keeps the stored value when the mask comes back. */
export const secretKeyField: FieldDef = {
  name: 'secretKey',
  type: 'string',
  label: { zh: 'SecretKey', en: 'Secret key' },
  required: { zh: '请输入SecretKey', en: 'Please enter the secret key' },
  maxLength: 255,
  list: false,
};

/** BladeX's provider status: 1 disabled, 2 enabled; set only through `enable`, one provider per tenant at a time. */
export const enableStatusField: FieldDef = {
  name: 'status',
  type: 'int',
  label: { zh: '是否启用', en: 'Enabled' },
  dict: 'enable_status',
  form: false,
  search: true,
};
