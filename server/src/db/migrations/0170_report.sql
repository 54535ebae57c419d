-- 报表管理 (blade-report/report/rest, issue 33): the generated reports, today the monthly park operations report, its
-- PDF and Excel files kept in the platform's file store (stored names, as attachments keep theirs) with their sizes.
-- A row is made by the claim of a generation (status generating) and ends done, with its files, or failed, with the
-- failure's message (modules/report/generate.ts); the claim's token lets only its own generation finish it.
create table report_file (
  id bigint primary key,
  tenant_id varchar(12) not null,
  name varchar(100) not null,
  kind varchar(16) not null default 'monthly' check (kind in ('monthly')),
  period varchar(7) not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  report_status varchar(12) not null default 'generating' check (report_status in ('generating', 'done', 'failed')),
  fail_message varchar(1000),
  pdf_file varchar(200),
  pdf_size bigint,
  xlsx_file varchar(200),
  xlsx_size bigint,
  generated_time timestamp(0),
  run_token varchar(32),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  constraint report_file_done check (report_status <> 'done' or (pdf_file is not null and xlsx_file is not null)),
  constraint report_file_failed check (report_status <> 'failed' or fail_message is not null)
);
-- One live report per tenant, kind and month: two generations of a month at once make one row (the second finds
-- the first's claim), and regenerating a month replaces its files in that row.
create unique index report_file_period on report_file (tenant_id, kind, period) where is_deleted = 0;
-- The list's default order (newest first) and its order by month.
create index report_file_recent on report_file (tenant_id, create_time desc, id desc) where is_deleted = 0;
create index report_file_by_period on report_file (tenant_id, period desc) where is_deleted = 0;
select park_tenant_table('report_file');

-- The monthly report's job handler (modules/report/job.ts) in the job_handler dictionary, beside the built-in ones
-- the seed keeps (seed/dictionaries.ts; their ids are positional there, so a later entry comes here). A new database
-- gets the dictionary's parent from the seed right after the migrations, under the id given.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort)
select 1123598819739170001,
       coalesce((select id from blade_dict where code = 'job_handler' and parent_id = 0 and is_deleted = 0
                  order by id limit 1), 1123598819738670152),
       'job_handler', 'monthlyReport', '生成园区运营月报', 'Monthly park operations report', 5;
