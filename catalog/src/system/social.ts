import type { EntityDef } from '../types.ts';
import { createTimeField, remarkField } from './fields.ts';

/** The presets of a third-party login provider (dictionary social_category); `oidc` is any OpenID Connect provider. */
export const SOCIAL_CATEGORIES = [
  'wechat_open',
  'wechat_enterprise',
  'dingtalk',
  'feishu',
  'gitee',
  'github',
  'oidc',
] as const;
export type SocialCategory = (typeof SOCIAL_CATEGORIES)[number];

/**
 * Third-party login providers (issue 37): each tenant's OAuth 2.0 / OpenID Connect providers, shown on its login
 * pages when enabled (status 2). The client secret is masked like the SMS and object-store keys; the endpoints
 * are the preset's unless overridden (an OIDC provider finds its own from its issuer).
 */
export const socialProvider: EntityDef = {
  key: 'social_provider',
  module: 'system',
  api: 'blade-system/social-provider',
  route: '/system/social',
  table: 'park_social_provider',
  label: { zh: '第三方登录', en: 'Third-party login' },
  fields: [
    {
      name: 'providerName',
      type: 'string',
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入名称', en: 'Please enter the name' },
      maxLength: 64,
      search: true,
      sort: true,
    },
    {
      name: 'source',
      type: 'string',
      label: { zh: '来源编号', en: 'Source' },
      required: { zh: '请输入来源编号', en: 'Please enter the source' },
      unique: { zh: '来源编号已存在', en: 'A provider with this source already exists' },
      maxLength: 32,
      // It names the provider in login addresses: migration 0187 checks the same.
      format: 'code',
      search: true,
    },
    {
      name: 'category',
      type: 'string',
      label: { zh: '类型', en: 'Type' },
      dict: 'social_category',
      required: { zh: '请选择类型', en: 'Please select the type' },
      search: true,
    },
    {
      name: 'clientId',
      type: 'string',
      label: { zh: 'ClientId/AppId', en: 'Client id / app id' },
      required: { zh: '请输入ClientId', en: 'Please enter the client id' },
      maxLength: 255,
    },
    {
      name: 'clientSecret',
      type: 'string',
      label: { zh: 'ClientSecret', en: 'Client secret' },
      required: { zh: '请输入ClientSecret', en: 'Please enter the client secret' },
      maxLength: 512,
      list: false,
    },
    { name: 'agentId', type: 'string', label: { zh: 'AgentId', en: 'Agent id' }, maxLength: 64, list: false },
    {
      name: 'issuer',
      type: 'string',
      label: { zh: 'Issuer（OIDC）', en: 'Issuer (OIDC)' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    {
      name: 'authorizeUrl',
      type: 'string',
      label: { zh: '授权地址', en: 'Authorize URL' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    {
      name: 'tokenUrl',
      type: 'string',
      label: { zh: '令牌地址', en: 'Token URL' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    {
      name: 'userInfoUrl',
      type: 'string',
      label: { zh: '用户信息地址', en: 'User info URL' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    { name: 'scope', type: 'string', label: { zh: '授权范围', en: 'Scope' }, maxLength: 255, list: false },
    {
      name: 'redirectUri',
      type: 'string',
      label: { zh: '回调地址', en: 'Redirect URI' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '是否启用', en: 'Enabled' },
      dict: 'enable_status',
      required: { zh: '请选择是否启用', en: 'Please choose whether it is enabled' },
      initial: 2,
      search: true,
    },
    remarkField,
    createTimeField,
  ],
};
