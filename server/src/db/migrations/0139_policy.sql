-- Policies and their push (spec part 1 "policies with attachments, policy info and push"; part 7 basic
-- policy with attach-list, remove-attach, save-attach; demo policy-push with analysisPush/{id}).
-- A policy names who it fits (industry, enterprise scale, tags; empty = any); a push sends a published
-- policy to the enterprises it fits, each enterprise once per push, which the unique index holds
-- whatever the number of concurrent calls.

create table basic_policy (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(200) not null,
  policy_no varchar(64),
  issuing_body varchar(100) not null,
  issue_date date not null,
  start_date date,
  end_date date,
  industry int,                            -- dictionary industry; null: every industry
  enterprise_scale int,                    -- dictionary enterprise_scale; null: every scale
  tags varchar(500),                       -- comma-joined tags (policy_tag_option); null: no narrowing
  content text not null,                   -- sanitised HTML
  publish_status int not null default 0,   -- dictionary policy_publish_status: 0 draft, 1 published
  publish_time timestamp(0),               -- set by the server when published
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_policy_recent on basic_policy (tenant_id, issue_date desc, id desc) where is_deleted = 0;
select park_tenant_table('basic_policy');

create table demo_policy_push (
  id bigint primary key,
  tenant_id varchar(12) not null,
  policy_id bigint not null,
  push_content varchar(2000),
  push_status int not null default 0,      -- dictionary policy_push_status: 0 not yet, 1 pushed
  push_time timestamp(0),                  -- the last sending
  push_user bigint,                        -- who sent it last
  enterprise_count int not null default 0, -- enterprises reached, all sendings together
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index demo_policy_push_recent on demo_policy_push (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('demo_policy_push');

-- The enterprises a push reached and the message that told their company accounts.
create table demo_policy_push_enterprise (
  id bigint primary key,
  tenant_id varchar(12) not null,
  push_id bigint not null,
  enterprise_id bigint not null,
  message_id bigint,
  create_time timestamp(0) not null default localtimestamp(0)
);
create unique index demo_policy_push_enterprise_once on demo_policy_push_enterprise (push_id, enterprise_id);
-- A company account reads the pushes that reached its enterprise.
create index demo_policy_push_enterprise_company on demo_policy_push_enterprise (tenant_id, enterprise_id, push_id);
select park_tenant_table('demo_policy_push_enterprise');

-- The policies' system dictionaries, with English values. Ids of their own range, clear of the others.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819739013901, 0, 'policy_publish_status', '-1', '发布状态', 'Publishing', 911),
  (1123598819739013902, 1123598819739013901, 'policy_publish_status', '0', '未发布', 'Draft', 1),
  (1123598819739013903, 1123598819739013901, 'policy_publish_status', '1', '已发布', 'Published', 2),
  (1123598819739013910, 0, 'policy_push_status', '-1', '推送状态', 'Push status', 912),
  (1123598819739013911, 1123598819739013910, 'policy_push_status', '0', '未推送', 'Not pushed', 1),
  (1123598819739013912, 1123598819739013910, 'policy_push_status', '1', '已推送', 'Pushed', 2),
  (1123598819739013920, 0, 'enterprise_scale', '-1', '企业规模', 'Enterprise scale', 913),
  (1123598819739013921, 1123598819739013920, 'enterprise_scale', '1', '微型(注册资本100万元以下)', 'Micro (capital under 1M yuan)', 1),
  (1123598819739013922, 1123598819739013920, 'enterprise_scale', '2', '小型(100万至1000万元)', 'Small (1M to 10M yuan)', 2),
  (1123598819739013923, 1123598819739013920, 'enterprise_scale', '3', '中型(1000万至5000万元)', 'Medium (10M to 50M yuan)', 3),
  (1123598819739013924, 1123598819739013920, 'enterprise_scale', '4', '大型(5000万元及以上)', 'Large (50M yuan and more)', 4)
on conflict (id) do nothing;

-- The policy tags offered (spec part 3 policy_tag_option), unless another change seeded the code first.
-- The first three are qualification types (qualification_type): an enterprise holding one carries the tag.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort)
select v.id, v.parent_id, 'policy_tag_option', v.dict_key, v.dict_value, v.dict_value_en, v.sort
  from (values
    (1123598819739013930, 0, '-1', '政策标签', 'Policy tags', 914),
    (1123598819739013931, 1123598819739013930, '1', '高新技术企业', 'High-tech enterprise', 1),
    (1123598819739013932, 1123598819739013930, '2', '专精特新企业', 'Specialised SME', 2),
    (1123598819739013933, 1123598819739013930, '3', '科技型中小企业', 'Tech-based SME', 3),
    (1123598819739013934, 1123598819739013930, '4', '人才引进', 'Talent', 4),
    (1123598819739013935, 1123598819739013930, '5', '研发补贴', 'R&D subsidy', 5),
    (1123598819739013936, 1123598819739013930, '6', '房租减免', 'Rent relief', 6)
  ) as v(id, parent_id, dict_key, dict_value, dict_value_en, sort)
 where not exists (select 1 from blade_dict d where d.code = 'policy_tag_option' and d.is_deleted = 0)
on conflict (id) do nothing;
