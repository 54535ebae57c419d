-- The interaction portal's news and park guides, and the park's feedback with its replies (spec part 7
-- basic news, guide, feedback; part 3 "Feedback reply: feedbackId, content"). News and guide bodies are
-- rich text, stored as the server's sanitiser leaves them. A feedback moves 待处理 -> 已回复 -> 已关闭; each
-- move is one conditional update (modules/basic/interaction.ts), so no two calls can race past a close.

create table basic_news (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(200) not null,
  cover_image varchar(500),
  source varchar(100),
  summary varchar(500),
  content text not null,                   -- sanitised HTML
  publish_status int not null default 0,   -- dictionary interaction_publish_status: 0 draft, 1 published
  publish_time timestamp(0),               -- set by the server when published
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- The newest published first: what a company account reads, and the list's default order.
create index basic_news_recent on basic_news (tenant_id, publish_time desc, id desc) where is_deleted = 0;
select park_tenant_table('basic_news');

create table basic_guide (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(200) not null,
  guide_type int not null,                 -- dictionary guide_type
  tags varchar(500),                       -- comma-joined tags (guide_tag_option)
  cover_image varchar(500),
  content text not null,                   -- sanitised HTML
  sort int not null default 1,
  publish_status int not null default 0,   -- dictionary interaction_publish_status
  publish_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_guide_order on basic_guide (tenant_id, sort, id) where is_deleted = 0;
select park_tenant_table('basic_guide');

create table basic_feedback (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(100) not null,
  feedback_type int not null,              -- dictionary feedback_type
  content varchar(2000) not null,
  contact_phone varchar(20),
  enterprise_id bigint,                    -- a company account's enterprise, set by the server
  feedback_status int not null default 0,  -- dictionary feedback_status: 0 待处理, 1 已回复, 2 已关闭
  reply_count int not null default 0,
  last_reply_time timestamp(0),
  close_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_feedback_recent on basic_feedback (tenant_id, create_time desc, id desc) where is_deleted = 0;
-- A company account lists its own.
create index basic_feedback_author on basic_feedback (tenant_id, create_user) where is_deleted = 0;
select park_tenant_table('basic_feedback');

create table basic_feedback_reply (
  id bigint primary key,
  tenant_id varchar(12) not null,
  feedback_id bigint not null,
  content varchar(2000) not null,
  from_park int not null default 1,        -- 1 park staff, 0 the feedback's author
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index basic_feedback_reply_thread on basic_feedback_reply (tenant_id, feedback_id, id) where is_deleted = 0;
select park_tenant_table('basic_feedback_reply');

-- Their system dictionaries, with English values. Ids of their own range, clear of the others.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819739142001, 0, 'interaction_publish_status', '-1', '发布状态', 'Publishing', 931),
  (1123598819739142002, 1123598819739142001, 'interaction_publish_status', '0', '未发布', 'Draft', 1),
  (1123598819739142003, 1123598819739142001, 'interaction_publish_status', '1', '已发布', 'Published', 2),
  (1123598819739142010, 0, 'guide_type', '-1', '指南类型', 'Guide type', 932),
  (1123598819739142011, 1123598819739142010, 'guide_type', '1', '入驻指南', 'Moving in', 1),
  (1123598819739142012, 1123598819739142010, 'guide_type', '2', '办事指南', 'Services', 2),
  (1123598819739142013, 1123598819739142010, 'guide_type', '3', '生活服务', 'Daily life', 3),
  (1123598819739142014, 1123598819739142010, 'guide_type', '4', '交通出行', 'Getting here', 4),
  (1123598819739142015, 1123598819739142010, 'guide_type', '5', '安全须知', 'Safety', 5),
  (1123598819739142020, 0, 'feedback_type', '-1', '反馈类型', 'Feedback type', 933),
  (1123598819739142021, 1123598819739142020, 'feedback_type', '1', '建议', 'Suggestion', 1),
  (1123598819739142022, 1123598819739142020, 'feedback_type', '2', '投诉', 'Complaint', 2),
  (1123598819739142023, 1123598819739142020, 'feedback_type', '3', '咨询', 'Question', 3),
  (1123598819739142024, 1123598819739142020, 'feedback_type', '4', '其他', 'Other', 4),
  (1123598819739142030, 0, 'feedback_status', '-1', '处理状态', 'Feedback state', 934),
  (1123598819739142031, 1123598819739142030, 'feedback_status', '0', '待处理', 'Pending', 1),
  (1123598819739142032, 1123598819739142030, 'feedback_status', '1', '已回复', 'Replied', 2),
  (1123598819739142033, 1123598819739142030, 'feedback_status', '2', '已关闭', 'Closed', 3)
on conflict (id) do nothing;

-- The guide tags offered (spec part 3 guide_tag_option), unless another change seeded the code first.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort)
select v.id, v.parent_id, 'guide_tag_option', v.dict_key, v.dict_value, v.dict_value_en, v.sort
  from (values
    (1123598819739142040, 0, '-1', '指南标签', 'Guide tags', 935),
    (1123598819739142041, 1123598819739142040, '1', '入驻', 'Moving in', 1),
    (1123598819739142042, 1123598819739142040, '2', '物业', 'Property', 2),
    (1123598819739142043, 1123598819739142040, '3', '停车', 'Parking', 3),
    (1123598819739142044, 1123598819739142040, '4', '餐饮', 'Dining', 4),
    (1123598819739142045, 1123598819739142040, '5', '人才', 'Talent', 5),
    (1123598819739142046, 1123598819739142040, '6', '证照办理', 'Licences', 6)
  ) as v(id, parent_id, dict_key, dict_value, dict_value_en, sort)
 where not exists (select 1 from blade_dict d where d.code = 'guide_tag_option' and d.is_deleted = 0)
on conflict (id) do nothing;
