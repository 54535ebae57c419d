-- Public spaces (spec part 7 blade-property/public-space, issue 17): the park's meeting rooms, halls and courts,
-- each with its booking config (opening and closing time, slot length, how many days ahead one may book), and
-- the reservations users and company accounts make of them. The rule that matters is held here: two live
-- reservations of one space never overlap (an exclusion constraint over the space and the reserved time range,
-- btree_gist lending = for the id beside the range's &&), however many arrive at the same moment.

create extension if not exists btree_gist;

create table property_public_space (
  id bigint primary key,
  tenant_id varchar(12) not null,
  space_name varchar(100) not null,
  space_type int not null,                  -- dictionary property_space_type: 1 meeting room, 2 hall, 3 court
  location varchar(255),
  capacity int check (capacity is null or capacity >= 0),
  enabled int not null default 1 check (enabled in (0, 1)),
  -- The booking config (PUT config): 'HH:mm' clock times, closing may be 24:00 (midnight at the day's end).
  open_time varchar(5) not null default '08:00' check (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_time varchar(5) not null default '18:00' check (close_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
  slot_minutes int not null default 60 check (slot_minutes between 15 and 480),
  book_days int not null default 7 check (book_days between 1 and 90),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  check (open_time < close_time)
);
create index property_public_space_recent on property_public_space (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('property_public_space');

-- One row per reservation. A cancelled (status 2) or removed one keeps its row for the record and blocks nothing:
-- the constraint covers the live ones only.
create table property_space_reservation (
  id bigint primary key,
  tenant_id varchar(12) not null,
  space_id bigint not null,
  reserve_date date not null,
  start_at timestamp(0) not null,
  end_at timestamp(0) not null,
  subject varchar(100) not null,
  user_id bigint not null,                  -- who booked (and owns it: only they cancel, or the park's space staff)
  enterprise_id bigint,                     -- a company account's enterprise; null for park staff
  reserve_status int not null default 1 check (reserve_status in (1, 2)), -- 1 booked, 2 cancelled
  cancel_user bigint,
  cancel_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  check (end_at > start_at),
  check (start_at::date = reserve_date),
  constraint property_space_reservation_no_overlap exclude using gist (
    space_id with =, tsrange(start_at, end_at, '[)') with &&
  ) where (reserve_status = 1 and is_deleted = 0)
);
create index property_space_reservation_space on property_space_reservation (space_id, reserve_date);
create index property_space_reservation_user on property_space_reservation (tenant_id, user_id, reserve_date);
select park_tenant_table('property_space_reservation');

insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738715201, 0, 'property_space_type', '-1', '空间类型', 'Space type', 956),
  (1123598819738715202, 1123598819738715201, 'property_space_type', '1', '会议室', 'Meeting room', 1),
  (1123598819738715203, 1123598819738715201, 'property_space_type', '2', '多功能厅', 'Hall', 2),
  (1123598819738715204, 1123598819738715201, 'property_space_type', '3', '运动场地', 'Court', 3),
  (1123598819738715210, 0, 'property_reserve_status', '-1', '预约状态', 'Reservation status', 957),
  (1123598819738715211, 1123598819738715210, 'property_reserve_status', '1', '已预约', 'Booked', 1),
  (1123598819738715212, 1123598819738715210, 'property_reserve_status', '2', '已取消', 'Cancelled', 2);
