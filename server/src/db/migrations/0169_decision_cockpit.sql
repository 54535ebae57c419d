-- 驾驶舱's layout (blade-decision/cockpit getConfigure / saveConfigure, issue 33): one per tenant, rewritten in
-- place by each save; the JSON is checked against the widget registry (catalog/src/decision/widgets.ts) first.
create table decision_cockpit_configure (
  id bigint primary key,
  tenant_id varchar(12) not null,
  configure_json text not null,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index decision_cockpit_configure_tenant on decision_cockpit_configure (tenant_id) where is_deleted = 0;
select park_tenant_table('decision_cockpit_configure');

-- The cockpit's ranks and trends read a year's economic and production rows of a tenant.
create index crm_economic_year on crm_economic (tenant_id, data_year) where is_deleted = 0;
create index crm_production_year on crm_production (tenant_id, production_year) where is_deleted = 0;
