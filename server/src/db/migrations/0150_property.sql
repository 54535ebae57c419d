-- Property (spec part 7 blade-property, issue 17): buildings and their floors (storey, a tree), the offices
-- and rooms on them, the lease contracts enterprises sign for offices or rooms (room-contract; the office
-- contract screen writes the same table) and the rent and fees each contract generates per period
-- (lease-contract-cost). The rule that matters is held here: two live contracts never cover one office or
-- room over overlapping dates (an exclusion constraint over property_contract_unit, which btree_gist lets
-- compare the unit id with = beside the date range's &&).

create extension if not exists btree_gist;

create table property_storey (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,      -- 0: a building; else the building (or floor) it belongs to
  ancestors varchar(2000) not null default '0',
  storey_name varchar(100) not null,
  storey_type int not null default 1,       -- 1 building (a root), 2 floor: set by the server from the parent
  build_area numeric(18,4),
  address varchar(255),
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index property_storey_parent on property_storey (tenant_id, parent_id, sort) where is_deleted = 0;
select park_tenant_table('property_storey');

create table property_office (
  id bigint primary key,
  tenant_id varchar(12) not null,
  office_name varchar(100) not null,
  storey_id bigint not null,
  build_area numeric(18,4) not null check (build_area >= 0),
  usable_area numeric(18,4) check (usable_area is null or usable_area >= 0),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index property_office_storey on property_office (tenant_id, storey_id) where is_deleted = 0;
select park_tenant_table('property_office');

create table property_room (
  id bigint primary key,
  tenant_id varchar(12) not null,
  room_name varchar(100) not null,
  storey_id bigint not null,
  build_area numeric(18,4) not null check (build_area >= 0),
  room_use varchar(100),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index property_room_storey on property_room (tenant_id, storey_id) where is_deleted = 0;
select park_tenant_table('property_room');

create table property_room_contract (
  id bigint primary key,
  tenant_id varchar(12) not null,
  contract_no varchar(64) not null,
  contract_type int not null check (contract_type in (1, 2)), -- 1 offices, 2 rooms
  enterprise_id bigint not null,
  office_ids varchar(2000),                 -- comma-joined, contract_type 1
  room_ids varchar(2000),                   -- comma-joined, contract_type 2
  unit_names varchar(2000),                 -- the units' numbers, set by the server: lists, search and export
  lease_area numeric(18,4) not null default 0, -- the units' summed building area, set by the server
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  unit_price numeric(18,2) not null check (unit_price >= 0),          -- yuan per m2 per month
  fee_price numeric(18,2) check (fee_price is null or fee_price >= 0), -- property fee, yuan per m2 per month
  monthly_rent numeric(18,2) not null default 0, -- lease_area * unit_price, set by the server
  monthly_fee numeric(18,2) not null default 0,
  pay_cycle int not null default 1 check (pay_cycle in (1, 3, 6, 12)), -- months a period lasts
  deposit numeric(18,2) check (deposit is null or deposit >= 0),
  sign_date date,
  contract_registration_status int not null default 0 check (contract_registration_status in (0, 1)),
  lease_status int not null default 0 check (lease_status in (0, 1)), -- 0 in effect, 1 terminated
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index property_room_contract_enterprise on property_room_contract (tenant_id, enterprise_id) where is_deleted = 0;
create index property_room_contract_recent on property_room_contract (tenant_id, create_time desc) where is_deleted = 0;
create unique index property_room_contract_no on property_room_contract (tenant_id, contract_no) where is_deleted = 0;
select park_tenant_table('property_room_contract');

-- One row per office or room a live contract covers, over its dates: the server rewrites a contract's rows
-- in the transaction that saves it and drops them when it is removed or terminated. The constraint refuses
-- a second live contract on the same unit whose dates meet the first's, however many save at once.
create table property_contract_unit (
  id bigint primary key,
  tenant_id varchar(12) not null,
  contract_id bigint not null,
  unit_type int not null check (unit_type in (1, 2)), -- 1 office, 2 room
  unit_id bigint not null,
  start_date date not null,
  end_date date not null,
  constraint property_contract_unit_no_overlap exclude using gist (
    unit_type with =, unit_id with =, daterange(start_date, end_date, '[]') with &&
  )
);
create index property_contract_unit_contract on property_contract_unit (contract_id);
select park_tenant_table('property_contract_unit');

create table property_lease_contract_cost (
  id bigint primary key,
  tenant_id varchar(12) not null,
  contract_id bigint not null,
  enterprise_id bigint not null,
  period_no int not null,
  period_start date not null,
  period_end date not null,
  due_date date not null,
  rent_amount numeric(18,2) not null default 0,
  fee_amount numeric(18,2) not null default 0,
  amount_due numeric(18,2) not null default 0,
  pay_status int not null default 0 check (pay_status in (0, 1)), -- 0 unpaid, 1 paid
  paid_amount numeric(18,2),
  paid_date date,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index property_lease_cost_contract on property_lease_contract_cost (contract_id, period_start) where is_deleted = 0;
create index property_lease_cost_enterprise on property_lease_contract_cost (tenant_id, enterprise_id) where is_deleted = 0;
create index property_lease_cost_due on property_lease_contract_cost (tenant_id, due_date) where is_deleted = 0;
select park_tenant_table('property_lease_contract_cost');

-- The module's system dictionaries, with their English values; ids of their own range.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738715001, 0, 'property_storey_type', '-1', '楼宇类型', 'Storey type', 951),
  (1123598819738715002, 1123598819738715001, 'property_storey_type', '1', '楼宇', 'Building', 1),
  (1123598819738715003, 1123598819738715001, 'property_storey_type', '2', '楼层', 'Floor', 2),
  (1123598819738715010, 0, 'property_contract_type', '-1', '合同类型', 'Contract type', 952),
  (1123598819738715011, 1123598819738715010, 'property_contract_type', '1', '办公室合同', 'Office contract', 1),
  (1123598819738715012, 1123598819738715010, 'property_contract_type', '2', '房间合同', 'Room contract', 2),
  (1123598819738715020, 0, 'property_pay_cycle', '-1', '付款周期', 'Payment cycle', 953),
  (1123598819738715021, 1123598819738715020, 'property_pay_cycle', '1', '月付', 'Monthly', 1),
  (1123598819738715022, 1123598819738715020, 'property_pay_cycle', '3', '季付', 'Quarterly', 2),
  (1123598819738715023, 1123598819738715020, 'property_pay_cycle', '6', '半年付', 'Half-yearly', 3),
  (1123598819738715024, 1123598819738715020, 'property_pay_cycle', '12', '年付', 'Yearly', 4),
  (1123598819738715030, 0, 'property_lease_status', '-1', '租赁状态', 'Lease status', 954),
  (1123598819738715031, 1123598819738715030, 'property_lease_status', '0', '生效中', 'In effect', 1),
  (1123598819738715032, 1123598819738715030, 'property_lease_status', '1', '已退租', 'Terminated', 2),
  (1123598819738715040, 0, 'property_pay_status', '-1', '缴费状态', 'Payment status', 955),
  (1123598819738715041, 1123598819738715040, 'property_pay_status', '0', '未缴', 'Unpaid', 1),
  (1123598819738715042, 1123598819738715040, 'property_pay_status', '1', '已缴', 'Paid', 2);
