-- System administration (issue 3): columns the catalog declares that 0001 lacked, regions and notices.

-- Departments may belong to a resident enterprise (dept/treeByEnterpriseId).
alter table blade_dept add column enterprise_id bigint;
create index blade_dept_enterprise on blade_dept (enterprise_id) where is_deleted = 0;

-- Dictionaries are edited through the resource engine, which keeps the audit columns of every business row.
alter table blade_dict
  add column create_user bigint, add column create_dept bigint,
  add column create_time timestamp(0) not null default localtimestamp(0),
  add column update_user bigint, add column update_time timestamp(0) not null default localtimestamp(0),
  add column status int not null default 1;
alter table blade_dict_biz
  add column create_user bigint, add column create_dept bigint,
  add column create_time timestamp(0) not null default localtimestamp(0),
  add column update_user bigint, add column update_time timestamp(0) not null default localtimestamp(0),
  add column status int not null default 1;

-- A user row is inserted by the engine and its password hash set in the same transaction,
-- so the column needs a value in between; an empty hash never matches a password.
alter table blade_user alter column password set default '';
-- Platform settings of a user (update-platform): free text, JSON by convention.
alter table blade_user add column user_ext text;

-- Administrative regions: national division codes, shared by every tenant.
create table blade_region (
  id bigint primary key,
  code bigint not null,
  parent_code bigint not null default 0,
  ancestors varchar(255) not null default '0',
  name varchar(32) not null,
  region_level int not null default 1, -- 1 province, 2 city, 3 district
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index blade_region_code on blade_region (code) where is_deleted = 0;
create index blade_region_parent on blade_region (parent_code) where is_deleted = 0;

insert into blade_region (id, code, parent_code, ancestors, name, region_level, sort) values
  (1000000000000110000, 110000, 0, '0', '北京市', 1, 1),
  (1000000000000110100, 110100, 110000, '0,110000', '市辖区', 2, 1),
  (1000000000000110101, 110101, 110100, '0,110000,110100', '东城区', 3, 1),
  (1000000000000110105, 110105, 110100, '0,110000,110100', '朝阳区', 3, 2),
  (1000000000000310000, 310000, 0, '0', '上海市', 1, 2),
  (1000000000000310100, 310100, 310000, '0,310000', '市辖区', 2, 1),
  (1000000000000310104, 310104, 310100, '0,310000,310100', '徐汇区', 3, 1),
  (1000000000000310115, 310115, 310100, '0,310000,310100', '浦东新区', 3, 2),
  (1000000000000320000, 320000, 0, '0', '江苏省', 1, 3),
  (1000000000000320100, 320100, 320000, '0,320000', '南京市', 2, 1),
  (1000000000000320500, 320500, 320000, '0,320000', '苏州市', 2, 2),
  (1000000000000330000, 330000, 0, '0', '浙江省', 1, 4),
  (1000000000000330100, 330100, 330000, '0,330000', '杭州市', 2, 1),
  (1000000000000330106, 330106, 330100, '0,330000,330100', '西湖区', 3, 1),
  (1000000000000440000, 440000, 0, '0', '广东省', 1, 5),
  (1000000000000440100, 440100, 440000, '0,440000', '广州市', 2, 1),
  (1000000000000440106, 440106, 440100, '0,440000,440100', '天河区', 3, 1),
  (1000000000000440300, 440300, 440000, '0,440000', '深圳市', 2, 2),
  (1000000000000440305, 440305, 440300, '0,440000,440300', '南山区', 3, 1);

create table blade_notice (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(255) not null,
  category int not null,
  release_time timestamp(0) not null,
  content text,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index blade_notice_recent on blade_notice (tenant_id, create_time desc, id desc) where is_deleted = 0;
select park_tenant_table('blade_notice');
