-- The park's basic data (spec part 1 "jobs, carousels, industries, Q&A"; part 7 basic job, carousel,
-- industry, qa and tag-option). Industries and jobs are trees kept by parent_id with ancestors
-- (server/src/resources/tree.ts); each level is read by (tenant_id, parent_id).

create table basic_industry (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  ancestors varchar(2000) not null default '0',
  industry_name varchar(100) not null,
  industry_code varchar(20),
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_industry_level on basic_industry (tenant_id, parent_id, sort) where is_deleted = 0;
select park_tenant_table('basic_industry');

create table basic_job (
  id bigint primary key,
  tenant_id varchar(12) not null,
  parent_id bigint not null default 0,
  ancestors varchar(2000) not null default '0',
  job_name varchar(100) not null,
  enterprise_id bigint,
  salary varchar(50),
  headcount int check (headcount is null or headcount > 0),
  education varchar(50),
  work_place varchar(100),
  contact_phone varchar(20),
  job_description varchar(2000),
  sort int not null default 1,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1,            -- dictionary job_status: 1 recruiting, 0 closed
  is_deleted int not null default 0
);
create index basic_job_level on basic_job (tenant_id, parent_id, sort) where is_deleted = 0;
select park_tenant_table('basic_job');

create table basic_carousel (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(100) not null,
  image_url varchar(1000) not null,         -- a link of the file store
  link_url varchar(500),                    -- http(s) or a path of the site, checked by the server
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1,            -- dictionary carousel_status: 1 on, 0 off
  is_deleted int not null default 0
);
create index basic_carousel_order on basic_carousel (tenant_id, sort) where is_deleted = 0;
select park_tenant_table('basic_carousel');

create table basic_qa (
  id bigint primary key,
  tenant_id varchar(12) not null,
  question varchar(200) not null,
  answer varchar(2000) not null,
  sort int not null default 1,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_qa_order on basic_qa (tenant_id, sort) where is_deleted = 0;
select park_tenant_table('basic_qa');

-- A tenant's tags per tag key (guide_tag_option, policy_tag_option). A value is there once: the unique
-- index is the rule, and creation skips what exists with insert ... on conflict do nothing, so concurrent
-- submits of the same tags create each one exactly once. Tags are never removed (no call does).
create table basic_tag_option (
  id bigint primary key,
  tenant_id varchar(12) not null,
  tag_key varchar(64) not null,
  tag_value varchar(50) not null,
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index basic_tag_option_value on basic_tag_option (tenant_id, tag_key, tag_value);
select park_tenant_table('basic_tag_option');

-- Their system dictionaries, with English values. Ids of their own range, clear of the others.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738713601, 0, 'job_status', '-1', '招聘状态', 'Recruiting', 921),
  (1123598819738713602, 1123598819738713601, 'job_status', '1', '招聘中', 'Recruiting', 1),
  (1123598819738713603, 1123598819738713601, 'job_status', '0', '已停招', 'Closed', 2),
  (1123598819738713610, 0, 'carousel_status', '-1', '轮播状态', 'Carousel state', 922),
  (1123598819738713611, 1123598819738713610, 'carousel_status', '1', '启用', 'On', 1),
  (1123598819738713612, 1123598819738713610, 'carousel_status', '0', '停用', 'Off', 2)
on conflict (id) do nothing;
