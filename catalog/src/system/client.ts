import type { EntityDef } from '../types.ts';
import { createTimeField } from './fields.ts';

/** OAuth clients (CONTRACT.md "Authentication"): platform-level, the platform administrator's only. */
export const client: EntityDef = {
  key: 'client',
  module: 'system',
  api: 'blade-system/client',
  route: '/system/client',
  table: 'blade_client',
  label: { zh: '应用管理', en: 'Clients' },
  scope: 'platform',
  fields: [
    {
      name: 'clientId',
      type: 'string',
      label: { zh: '应用ID', en: 'Client id' },
      required: { zh: '请输入应用ID', en: 'Please enter the client id' },
      unique: { zh: '应用ID已存在', en: 'A client with this id already exists' },
      maxLength: 48,
      search: true,
      sort: true,
    },
    {
      name: 'clientSecret',
      type: 'string',
      label: { zh: '应用密钥', en: 'Client secret' },
      required: { zh: '请输入应用密钥', en: 'Please enter the client secret' },
      maxLength: 256,
    },
    {
      name: 'authorizedGrantTypes',
      type: 'string',
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请输入授权类型', en: 'Please enter the grant types' },
      maxLength: 256,
    },
    {
      name: 'scope',
      type: 'string',
      label: { zh: '授权范围', en: 'Scope' },
      required: { zh: '请输入授权范围', en: 'Please enter the scope' },
      maxLength: 256,
    },
    {
      name: 'accessTokenValidity',
      type: 'int',
      label: { zh: '令牌过期秒数', en: 'Access token seconds' },
      required: { zh: '请输入令牌过期秒数', en: 'Please enter the access token lifetime' },
    },
    {
      name: 'refreshTokenValidity',
      type: 'int',
      label: { zh: '刷新令牌过期秒数', en: 'Refresh token seconds' },
      required: { zh: '请输入刷新令牌过期秒数', en: 'Please enter the refresh token lifetime' },
    },
    {
      name: 'webServerRedirectUri',
      type: 'string',
      label: { zh: '回调地址', en: 'Redirect URI' },
      maxLength: 256,
      list: false,
    },
    { name: 'resourceIds', type: 'string', label: { zh: '资源集合', en: 'Resources' }, maxLength: 256, list: false },
    { name: 'authorities', type: 'string', label: { zh: '权限', en: 'Authorities' }, maxLength: 256, list: false },
    { name: 'autoapprove', type: 'string', label: { zh: '自动授权', en: 'Auto approve' }, maxLength: 256, list: false },
    {
      name: 'additionalInformation',
      type: 'text',
      label: { zh: '附加说明', en: 'Additional information' },
      maxLength: 4096,
      list: false,
      span: 24,
    },
    createTimeField,
  ],
};
