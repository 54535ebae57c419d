-- The enterprise 企业概览 opens on for each user (blade-decision/overview getDefaultEnterprise and
-- setDefaultEnterprise/{id}, issue 33): one row per user, rewritten in place by each choice. The enterprise is
-- checked against the caller's scope when chosen and again when read, so a row naming one that is gone or no
-- longer visible falls back to the first of the list (modules/decision/overview.ts).
create table decision_overview_default (
  id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  enterprise_id bigint not null,
  update_time timestamp(0) not null default localtimestamp(0)
);
create unique index decision_overview_default_user on decision_overview_default (tenant_id, user_id);
select park_tenant_table('decision_overview_default');
