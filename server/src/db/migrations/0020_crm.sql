-- Enterprise CRM (issue 5): resident enterprises and everything that belongs to one.
-- Every row but the enterprise's own carries enterprise_id: the company-account scope
-- narrows on it, so each table is indexed by (tenant_id, enterprise_id).

create table crm_enterprise (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_name varchar(100) not null,
  credit_code varchar(18),
  industry int,
  registered_capital numeric(18,2),
  office_number varchar(64),
  agent_name varchar(64),
  agent_phone varchar(20),
  entry_date date,
  due_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_enterprise_recent on crm_enterprise (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('crm_enterprise');

create table crm_business_info (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  legal_person varchar(64) not null,
  establish_date date,
  enterprise_type varchar(64),
  registration_authority varchar(128),
  registered_address varchar(255),
  business_scope varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- One registration per enterprise.
create unique index crm_business_info_enterprise on crm_business_info (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_business_info');

create table crm_business_holding (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  holder_name varchar(128) not null,
  holder_type varchar(64),
  share_ratio numeric(18,4),
  subscribed_capital numeric(18,2),
  subscribed_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_business_holding_enterprise on crm_business_holding (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_business_holding');

create table crm_economic (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  data_year int not null,
  output_value numeric(18,2),
  revenue numeric(18,2),
  tax_amount numeric(18,2),
  rd_investment numeric(18,2),
  employee_count int,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_economic_enterprise on crm_economic (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_economic');

create table crm_finance (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  report_date date not null,
  total_assets numeric(18,2),
  total_liabilities numeric(18,2),
  net_profit numeric(18,2),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_finance_enterprise on crm_finance (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_finance');

create table crm_staff (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  staff_name varchar(64) not null,
  birth_date date,
  qualification varchar(64),
  identity_type int,
  phone varchar(20),
  join_date date,
  dimission_date date,
  user_id bigint,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_staff_enterprise on crm_staff (tenant_id, enterprise_id) where is_deleted = 0;
create index crm_staff_user on crm_staff (user_id) where is_deleted = 0;
select park_tenant_table('crm_staff');

create table crm_intellectual_property (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  patent_no varchar(64) not null,
  patent_name varchar(255) not null,
  patent_type int not null,
  grant_pub_date date,
  owner varchar(128),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_intellectual_property_enterprise on crm_intellectual_property (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_intellectual_property');

create table crm_qualification (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  qualification_no varchar(64) not null,
  qualification_name varchar(255) not null,
  qualification_type int not null,
  acquisition_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_qualification_enterprise on crm_qualification (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_qualification');

create table crm_certificate (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  certificate_no varchar(64) not null,
  certificate_name varchar(255) not null,
  certificate_type int not null,
  contest_name varchar(255),
  certificate_authority varchar(128),
  acquisition_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_certificate_enterprise on crm_certificate (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_certificate');

create table crm_standard (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  standard_no varchar(64) not null,
  standard_name varchar(255) not null,
  standard_level varchar(32),
  participation varchar(32),
  publish_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_standard_enterprise on crm_standard (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_standard');

create table crm_project (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  project_no varchar(64) not null,
  project_name varchar(255) not null,
  entrust_institution varchar(128),
  due_time date,
  amount numeric(18,2),
  contract_status int not null default 0, -- 0 approved, 1 passed mid-term review, 2 terminated early, 3 accepted
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_project_enterprise on crm_project (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_project');

create table crm_project_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  project_id bigint not null,
  record_date date not null,
  contract_status int,
  content varchar(2000) not null,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_project_history_project on crm_project_history (project_id, record_date desc) where is_deleted = 0;
create index crm_project_history_enterprise on crm_project_history (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_project_history');

create table crm_project_example (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  example_name varchar(255) not null,
  customer varchar(128),
  amount numeric(18,2),
  completion_date date,
  description varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_project_example_enterprise on crm_project_example (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_project_example');

create table crm_enterprise_plan (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  plan_year int not null,
  plan_title varchar(255) not null,
  target_revenue numeric(18,2),
  content varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_enterprise_plan_enterprise on crm_enterprise_plan (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_enterprise_plan');

create table crm_enterprise_history (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  event_date date not null,
  event_title varchar(255) not null,
  content varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_enterprise_history_enterprise on crm_enterprise_history (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_enterprise_history');

create table crm_agreement (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  agreement_no varchar(64) not null,
  agreement_name varchar(255) not null,
  sign_date date,
  start_date date,
  end_date date,
  amount numeric(18,2),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_agreement_enterprise on crm_agreement (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_agreement');

create table crm_rd_platform (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  platform_name varchar(255) not null,
  platform_level varchar(32),
  approval_authority varchar(128),
  approval_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_rd_platform_enterprise on crm_rd_platform (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_rd_platform');

create table crm_rd_platform_assets (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  rd_platform_id bigint not null,
  asset_name varchar(255) not null,
  asset_no varchar(64),
  quantity int,
  amount numeric(18,2),
  purchase_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_rd_platform_assets_platform on crm_rd_platform_assets (rd_platform_id) where is_deleted = 0;
create index crm_rd_platform_assets_enterprise on crm_rd_platform_assets (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_rd_platform_assets');

create table crm_workshop (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  workshop_name varchar(255) not null,
  address varchar(255),
  area numeric(18,4),
  purpose varchar(128),
  start_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_workshop_enterprise on crm_workshop (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_workshop');

create table crm_production (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  product_name varchar(255) not null,
  production_year int not null,
  capacity numeric(18,4),
  output numeric(18,4),
  output_value numeric(18,2),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_production_enterprise on crm_production (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_production');

create table crm_production_detail (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  production_id bigint not null,
  item_name varchar(255) not null,
  production_date date,
  quantity numeric(18,4),
  unit varchar(16),
  amount numeric(18,2),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index crm_production_detail_production on crm_production_detail (production_id) where is_deleted = 0;
create index crm_production_detail_enterprise on crm_production_detail (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('crm_production_detail');
