import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';
import { accessKeyField, enableStatusField, secretKeyField } from './fields.ts';

/** SMS providers (BladeX blade_sms): each tenant's accounts, one enabled at a time; `smsCode` names one to send through. */
export const sms: EntityDef = {
  key: 'sms',
  module: 'resource',
  api: 'blade-resource/sms',
  route: '/resource/sms',
  table: 'blade_sms',
  label: { zh: '短信配置', en: 'SMS' },
  fields: [
    {
      name: 'smsCode',
      type: 'string',
      label: { zh: '资源编号', en: 'Code' },
      required: { zh: '请输入资源编号', en: 'Please enter the code' },
      unique: { zh: '资源编号已存在', en: 'A configuration with this code already exists' },
      maxLength: 12,
      search: true,
      sort: true,
    },
    {
      name: 'category',
      type: 'int',
      label: { zh: '分类', en: 'Provider' },
      dict: 'sms',
      required: { zh: '请选择分类', en: 'Please select the provider' },
      search: true,
    },
    {
      name: 'templateId',
      type: 'string',
      label: { zh: '模板ID', en: 'Template id' },
      required: { zh: '请输入模板ID', en: 'Please enter the template id' },
      maxLength: 64,
      search: true,
    },
    accessKeyField,
    secretKeyField,
    {
      name: 'regionId',
      type: 'string',
      label: { zh: 'RegionId', en: 'Region id' },
      maxLength: 255,
      list: false,
    },
    {
      name: 'signName',
      type: 'string',
      label: { zh: '短信签名', en: 'Signature' },
      required: { zh: '请输入短信签名', en: 'Please enter the signature' },
      maxLength: 64,
    },
    enableStatusField,
    remarkField,
    createTimeField,
  ],
};
