import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';
import { accessKeyField, enableStatusField, secretKeyField } from './fields.ts';

/** Object storage providers (BladeX blade_oss): each tenant's buckets, one enabled at a time. */
export const oss: EntityDef = {
  key: 'oss',
  module: 'resource',
  api: 'blade-resource/oss',
  route: '/resource/oss',
  table: 'blade_oss',
  label: { zh: '对象存储', en: 'Object storage' },
  fields: [
    {
      name: 'ossCode',
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
      dict: 'oss',
      required: { zh: '请选择分类', en: 'Please select the provider' },
      search: true,
    },
    {
      name: 'endpoint',
      type: 'string',
      label: { zh: '资源地址', en: 'Endpoint' },
      required: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
      maxLength: 255,
    },
    {
      name: 'transformEndpoint',
      type: 'string',
      label: { zh: '外网地址', en: 'Public endpoint' },
      maxLength: 255,
      list: false,
    },
    accessKeyField,
    secretKeyField,
    {
      name: 'bucketName',
      type: 'string',
      label: { zh: '空间名', en: 'Bucket' },
      required: { zh: '请输入空间名', en: 'Please enter the bucket' },
      maxLength: 255,
      search: true,
    },
    { name: 'appId', type: 'string', label: { zh: 'AppId', en: 'App id' }, maxLength: 255, list: false },
    { name: 'region', type: 'string', label: { zh: 'Region', en: 'Region' }, maxLength: 255, list: false },
    enableStatusField,
    remarkField,
    createTimeField,
  ],
};
