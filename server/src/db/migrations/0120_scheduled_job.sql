-- Scheduled jobs (spec parts 1, 4 and 7: resource job): each tenant's jobs, keyed by key_name, run a
-- built-in handler on a cron schedule. Every instance's scheduler claims due jobs with one update
-- (`for update skip locked`), so a run happens once however many instances share the database;
-- locked_until is the claim's lease, after which a claim whose instance died may be taken again.

create table blade_job (
  id bigint primary key,
  tenant_id varchar(12) not null,
  key_name varchar(64) not null,
  job_name varchar(100) not null,
  handler varchar(64) not null,             -- dictionary job_handler
  cron_expression varchar(120) not null,
  params varchar(2000),                     -- a JSON object the handler reads
  job_state varchar(16) not null default 'WAITING', -- dictionary job_state
  next_run_time timestamp(0),               -- null while paused
  last_run_time timestamp(0),
  last_result varchar(1000),               -- what the last run did, in Chinese and in English
  last_result_en varchar(1000),
  locked_until timestamp(0),
  run_token varchar(32),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create unique index blade_job_key on blade_job (tenant_id, key_name) where is_deleted = 0;
-- The schedulers' question, every few seconds: which live jobs are due?
create index blade_job_due on blade_job (next_run_time) where is_deleted = 0 and job_state <> 'PAUSED';
select park_tenant_table('blade_job');
