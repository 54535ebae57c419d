-- Issue 37: third-party login. park_social_provider: each tenant's OAuth 2.0 / OpenID Connect providers (系统管理 ›
-- 第三方登录), by preset (category: wechat_open, wechat_enterprise, dingtalk, feishu, gitee, github, oidc) whose
-- endpoints an operator may override; `source` names the provider in the tenant's login links and its bindings.
-- The client secret is masked on every way out like the SMS and object-store keys (resources/secrets.ts).
create table park_social_provider (
  id bigint primary key,
  tenant_id varchar(12) not null,
  source varchar(32) not null check (source ~ '^[a-z][a-z0-9_-]{0,31}$'),
  provider_name varchar(64) not null,
  category varchar(32) not null
    check (category in ('wechat_open', 'wechat_enterprise', 'dingtalk', 'feishu', 'gitee', 'github', 'oidc')),
  client_id varchar(255) not null,
  client_secret varchar(512) not null,
  agent_id varchar(64),
  issuer varchar(500),
  authorize_url varchar(500),
  token_url varchar(500),
  user_info_url varchar(500),
  scope varchar(255),
  redirect_uri varchar(500),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1 check (status in (1, 2)), is_deleted int not null default 0
);
create index park_social_provider_recent on park_social_provider (tenant_id, create_time desc) where is_deleted = 0;
create unique index park_social_provider_source on park_social_provider (tenant_id, source) where is_deleted = 0;
select park_tenant_table('park_social_provider');
