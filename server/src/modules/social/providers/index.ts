import type { SocialCategory } from '@park/catalog';
import { dingtalk } from './dingtalk.ts';
import { feishu } from './feishu.ts';
import { gitee } from './gitee.ts';
import { github } from './github.ts';
import { oidc } from './oidc.ts';
import type { SocialProvider } from './types.ts';
import { wechatEnterprise } from './wechat-enterprise.ts';
import { wechatOpen } from './wechat-open.ts';

/** One provider implementation per preset (catalog SOCIAL_CATEGORIES). */
export const PROVIDERS: Record<SocialCategory, SocialProvider> = {
  wechat_open: wechatOpen,
  wechat_enterprise: wechatEnterprise,
  dingtalk,
  feishu,
  gitee,
  github,
  oidc,
};
