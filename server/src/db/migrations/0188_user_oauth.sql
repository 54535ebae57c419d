-- Issue 37: a user's third-party accounts, shaped like BladeX's blade_user_oauth. One row binds the subject a
-- provider (source) names to one user of the tenant: a subject is bound once per tenant, a user once per provider.
-- A binding never crosses tenants (row-level security, and the tenant is part of every key).
create table blade_user_oauth (
  id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  source varchar(32) not null,
  uuid varchar(255) not null,
  username varchar(255),
  nickname varchar(255),
  avatar varchar(1000),
  blog varchar(500),
  company varchar(255),
  location varchar(255),
  email varchar(255),
  remark varchar(255),
  gender varchar(16),
  create_user bigint,
  create_time timestamp(0) not null default localtimestamp(0)
);
create unique index blade_user_oauth_subject on blade_user_oauth (tenant_id, source, uuid);
create unique index blade_user_oauth_user on blade_user_oauth (tenant_id, user_id, source);
select park_tenant_table('blade_user_oauth');

-- The logins under way: one row per authorization request (its state), kept until the provider sends the browser back
-- (single use: taken by a delete) or it expires. The PKCE verifier and the OIDC nonce stay on the server.
create table park_social_state (
  id varchar(64) primary key,           -- sha-256 of the state value, hex
  tenant_id varchar(12) not null,
  source varchar(32) not null,
  mode varchar(8) not null check (mode in ('login', 'bind')),
  user_id bigint,                       -- the signed-in user who binds (mode bind)
  verifier varchar(128) not null,
  nonce varchar(128) not null,
  redirect_uri varchar(500) not null,
  expire_time timestamp(0) not null
);
create index park_social_state_expiry on park_social_state (expire_time);
select park_tenant_table('park_social_state');
