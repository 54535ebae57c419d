-- Repairs and work orders (spec part 7 blade-property repair, work-order; blade-crm work-order/submit) and
-- renovation records (rebuild), issue 17. A repair request and the work order it becomes are one row of
-- property_repair (报修管理 and 工单管理 are two screens over it). Its state moves 待受理 -> 已派单 -> 处理中
-- -> 已完成 -> 已评价 (or 已取消 before the work starts), each move one conditional update
-- (where repair_status = the expected one) in the transaction that adds its row to property_repair_step,
-- so a step acts once however many ask for it at the same moment (modules/property/repairs.ts).

create table property_repair (
  id bigint primary key,
  tenant_id varchar(12) not null,
  repair_no varchar(32),                     -- BX + date + the day's serial, set by the server in the saving transaction
  fault_type int not null,                   -- dictionary property_fault_type
  location varchar(200) not null,            -- free text: the office, room or public place
  office_id bigint,                          -- optional: the office it is in
  room_id bigint,                            -- optional: the room it is in
  enterprise_id bigint,                      -- the reporting enterprise (a company account's own, set by the server)
  description varchar(1000) not null,
  repair_image varchar(500),
  contact_phone varchar(20) not null,
  repair_status int not null default 0 check (repair_status between 0 and 5), -- dictionary property_repair_status
  assignee bigint,                           -- the park staff user it is assigned to
  assign_time timestamp(0),
  start_time timestamp(0),
  finish_time timestamp(0),
  result varchar(2000),
  rating int check (rating is null or rating between 1 and 5),
  rating_comment varchar(2000),
  rate_time timestamp(0),
  -- create_user is the reporter: told of every step, the one who rates it.
  create_user bigint not null, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  -- What each state carries, whatever writes the row.
  constraint property_repair_assigned check (repair_status in (0, 5) or assignee is not null),
  constraint property_repair_finished check (repair_status not in (3, 4) or result is not null),
  constraint property_repair_rated check (repair_status <> 4 or rating is not null)
);
create unique index property_repair_no on property_repair (tenant_id, repair_no);
create index property_repair_recent on property_repair (tenant_id, create_time desc) where is_deleted = 0;
create index property_repair_enterprise on property_repair (tenant_id, enterprise_id) where is_deleted = 0;
create index property_repair_state on property_repair (tenant_id, repair_status) where is_deleted = 0;
select park_tenant_table('property_repair');

-- Every step of a repair, appended in the transaction of its move: who, when, from which state to which, and
-- the note (the result, the rating's comment, the reason of a cancel).
create table property_repair_step (
  id bigint primary key,
  tenant_id varchar(12) not null,
  repair_id bigint not null,
  action varchar(20) not null,               -- report, assign, start, finish, rate, cancel
  from_status int,                           -- null for the report itself
  to_status int not null,
  assignee bigint,                           -- the user assigned, for an assign
  note varchar(2000),
  create_user bigint not null,
  create_time timestamp(0) not null default localtimestamp(0)
);
create index property_repair_step_repair on property_repair_step (repair_id, id);
select park_tenant_table('property_repair_step');

create table property_rebuild (
  id bigint primary key,
  tenant_id varchar(12) not null,
  rebuild_name varchar(100) not null,
  office_id bigint,
  room_id bigint,
  enterprise_id bigint,
  content varchar(1000) not null,
  contractor varchar(100) not null,
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  cost numeric(18,2) check (cost is null or cost >= 0),
  rebuild_status int not null default 0,     -- dictionary property_rebuild_status
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  constraint property_rebuild_unit check (office_id is not null or room_id is not null)
);
create index property_rebuild_recent on property_rebuild (tenant_id, start_date desc) where is_deleted = 0;
select park_tenant_table('property_rebuild');

insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819739153001, 0, 'property_fault_type', '-1', '故障类型', 'Fault type', 961),
  (1123598819739153002, 1123598819739153001, 'property_fault_type', '1', '水电', 'Plumbing and power', 1),
  (1123598819739153003, 1123598819739153001, 'property_fault_type', '2', '空调暖通', 'Air conditioning', 2),
  (1123598819739153004, 1123598819739153001, 'property_fault_type', '3', '门窗锁具', 'Doors, windows and locks', 3),
  (1123598819739153005, 1123598819739153001, 'property_fault_type', '4', '网络通信', 'Network', 4),
  (1123598819739153006, 1123598819739153001, 'property_fault_type', '5', '电梯', 'Lift', 5),
  (1123598819739153007, 1123598819739153001, 'property_fault_type', '6', '消防安防', 'Fire and security', 6),
  (1123598819739153008, 1123598819739153001, 'property_fault_type', '9', '其他', 'Other', 7),
  (1123598819739153010, 0, 'property_repair_status', '-1', '工单状态', 'Work order status', 962),
  (1123598819739153011, 1123598819739153010, 'property_repair_status', '0', '待受理', 'Reported', 1),
  (1123598819739153012, 1123598819739153010, 'property_repair_status', '1', '已派单', 'Assigned', 2),
  (1123598819739153013, 1123598819739153010, 'property_repair_status', '2', '处理中', 'In progress', 3),
  (1123598819739153014, 1123598819739153010, 'property_repair_status', '3', '已完成', 'Finished', 4),
  (1123598819739153015, 1123598819739153010, 'property_repair_status', '4', '已评价', 'Rated', 5),
  (1123598819739153016, 1123598819739153010, 'property_repair_status', '5', '已取消', 'Cancelled', 6),
  (1123598819739153020, 0, 'property_rebuild_status', '-1', '改造状态', 'Renovation status', 963),
  (1123598819739153021, 1123598819739153020, 'property_rebuild_status', '0', '计划中', 'Planned', 1),
  (1123598819739153022, 1123598819739153020, 'property_rebuild_status', '1', '施工中', 'Under way', 2),
  (1123598819739153023, 1123598819739153020, 'property_rebuild_status', '2', '已完工', 'Completed', 3);
