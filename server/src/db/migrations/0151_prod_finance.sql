-- Production and finance (spec part 7 blade-prod, blade-finance; issue 17): the reports enterprises hand in,
-- their experimental facilities and dangerous chemicals; the park's facility returns, facility leases and
-- assets. Two flags are computed by the database on every read and never stored, so they cannot go stale: a
-- report is overdue while it is not handed in and its due date is past (current_date, which no stored or
-- generated column may use), a chemical is over its limit while its quantity exceeds the allowed one. Each is a
-- column of a simple view over its table, which the catalog names as the entity's table: PostgreSQL writes
-- through such a view to the table (the flag itself is not writable), and security_invoker keeps the table's
-- row-level security for the caller. A later column of the table needs the view made again.

create table prod_report (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  title varchar(200) not null,
  report_type int not null,
  report_cycle int not null check (report_cycle in (1, 2, 3, 4)), -- 1 weekly, 4 monthly, 2 quarterly, 3 yearly
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  due_date date not null,
  submit_date date,                          -- null: not handed in yet
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index prod_report_enterprise on prod_report (tenant_id, enterprise_id) where is_deleted = 0;
create index prod_report_due on prod_report (tenant_id, due_date) where is_deleted = 0;
select park_tenant_table('prod_report');

create view prod_report_view with (security_invoker = true) as
  select r.*, (case when r.submit_date is null and r.due_date < current_date then 1 else 0 end)::int as overdue
    from prod_report r;

create table prod_experimental_facility (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  facility_name varchar(100) not null,
  facility_model varchar(100),
  quantity int not null check (quantity >= 0),
  location varchar(200),
  responsible_person varchar(50),
  responsible_phone varchar(20),
  purchase_date date,
  facility_status int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index prod_experimental_facility_enterprise on prod_experimental_facility (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('prod_experimental_facility');

create table prod_danger_chemical (
  id bigint primary key,
  tenant_id varchar(12) not null,
  enterprise_id bigint not null,
  chemical_name varchar(100) not null,
  cas_no varchar(20),
  quantity numeric(18,4) not null check (quantity >= 0),
  unit int not null,
  max_quantity numeric(18,4) not null check (max_quantity >= 0),
  storage_place varchar(200) not null,
  responsible_person varchar(50) not null,
  responsible_phone varchar(20),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index prod_danger_chemical_enterprise on prod_danger_chemical (tenant_id, enterprise_id) where is_deleted = 0;
select park_tenant_table('prod_danger_chemical');

create view prod_danger_chemical_view with (security_invoker = true) as
  select c.*, (case when c.quantity > c.max_quantity then 1 else 0 end)::int as over_limit
    from prod_danger_chemical c;

create table finance_facility_return (
  id bigint primary key,
  tenant_id varchar(12) not null,
  facility_name varchar(100) not null,
  facility_type int not null,
  enterprise_id bigint,                      -- the enterprise that used the facility, if one did
  period_start date not null,
  period_end date not null check (period_end >= period_start),
  income_amount numeric(18,2) not null check (income_amount >= 0),
  cost_amount numeric(18,2) check (cost_amount is null or cost_amount >= 0),
  received_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index finance_facility_return_period on finance_facility_return (tenant_id, period_start desc) where is_deleted = 0;
select park_tenant_table('finance_facility_return');

create table finance_facility_lease (
  id bigint primary key,
  tenant_id varchar(12) not null,
  lease_no varchar(64) not null,
  enterprise_id bigint not null,
  facility_name varchar(100) not null,
  facility_type int not null,
  quantity int not null check (quantity >= 0),
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  monthly_rent numeric(18,2) not null check (monthly_rent >= 0),
  deposit numeric(18,2) check (deposit is null or deposit >= 0),
  lease_status int not null default 0 check (lease_status in (0, 1)), -- property_lease_status: 0 in effect, 1 ended
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index finance_facility_lease_enterprise on finance_facility_lease (tenant_id, enterprise_id) where is_deleted = 0;
create unique index finance_facility_lease_no on finance_facility_lease (tenant_id, lease_no) where is_deleted = 0;
select park_tenant_table('finance_facility_lease');

create table finance_asset (
  id bigint primary key,
  tenant_id varchar(12) not null,
  asset_code varchar(64) not null,
  asset_name varchar(100) not null,
  asset_category int not null,
  asset_value numeric(18,2) not null check (asset_value >= 0),
  purchase_date date,
  location varchar(200),
  custodian varchar(50),
  asset_status int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- The code is unique among a tenant's live assets; the server says so by name before this index would.
create unique index finance_asset_code on finance_asset (tenant_id, asset_code) where is_deleted = 0;
create index finance_asset_recent on finance_asset (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('finance_asset');

-- The modules' system dictionaries, with their English values; ids of their own range.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819739151001, 0, 'prod_report_type', '-1', '报告类型', 'Report type', 971),
  (1123598819739151002, 1123598819739151001, 'prod_report_type', '1', '生产报告', 'Production report', 1),
  (1123598819739151003, 1123598819739151001, 'prod_report_type', '2', '安全报告', 'Safety report', 2),
  (1123598819739151004, 1123598819739151001, 'prod_report_type', '3', '环保报告', 'Environmental report', 3),
  (1123598819739151010, 0, 'asset_status', '-1', '资产状态', 'Asset status', 972),
  (1123598819739151011, 1123598819739151010, 'asset_status', '1', '在用', 'In use', 1),
  (1123598819739151012, 1123598819739151010, 'asset_status', '2', '闲置', 'Idle', 2),
  (1123598819739151013, 1123598819739151010, 'asset_status', '3', '维修中', 'Under repair', 3),
  (1123598819739151014, 1123598819739151010, 'asset_status', '4', '已报废', 'Scrapped', 4),
  (1123598819739151020, 0, 'prod_chemical_unit', '-1', '计量单位', 'Unit', 973),
  (1123598819739151021, 1123598819739151020, 'prod_chemical_unit', '1', '千克(kg)', 'Kilogram (kg)', 1),
  (1123598819739151022, 1123598819739151020, 'prod_chemical_unit', '2', '吨(t)', 'Tonne (t)', 2),
  (1123598819739151023, 1123598819739151020, 'prod_chemical_unit', '3', '升(L)', 'Litre (L)', 3),
  (1123598819739151024, 1123598819739151020, 'prod_chemical_unit', '4', '立方米(m³)', 'Cubic metre (m³)', 4),
  (1123598819739151025, 1123598819739151020, 'prod_chemical_unit', '5', '克(g)', 'Gram (g)', 5),
  (1123598819739151030, 0, 'finance_facility_type', '-1', '设施类型', 'Facility type', 974),
  (1123598819739151031, 1123598819739151030, 'finance_facility_type', '1', '实验仪器', 'Laboratory instrument', 1),
  (1123598819739151032, 1123598819739151030, 'finance_facility_type', '2', '生产设备', 'Production equipment', 2),
  (1123598819739151033, 1123598819739151030, 'finance_facility_type', '3', '办公设备', 'Office equipment', 3),
  (1123598819739151034, 1123598819739151030, 'finance_facility_type', '4', '场地设施', 'Venue', 4),
  (1123598819739151035, 1123598819739151030, 'finance_facility_type', '9', '其他', 'Other', 5),
  (1123598819739151040, 0, 'finance_asset_category', '-1', '资产类别', 'Asset category', 975),
  (1123598819739151041, 1123598819739151040, 'finance_asset_category', '1', '房屋建筑', 'Buildings', 1),
  (1123598819739151042, 1123598819739151040, 'finance_asset_category', '2', '机器设备', 'Machinery', 2),
  (1123598819739151043, 1123598819739151040, 'finance_asset_category', '3', '电子设备', 'Electronic equipment', 3),
  (1123598819739151044, 1123598819739151040, 'finance_asset_category', '4', '办公家具', 'Office furniture', 4),
  (1123598819739151045, 1123598819739151040, 'finance_asset_category', '5', '运输工具', 'Vehicles', 5),
  (1123598819739151046, 1123598819739151040, 'finance_asset_category', '9', '其他', 'Other', 6);
