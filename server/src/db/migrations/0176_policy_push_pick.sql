-- Issue 34.5: the operator adds enterprises to a push by hand, or leaves out ones the automatic match found,
-- before it is sent; the choice is kept on the push (one row per push and enterprise: included 1 added, 0 left
-- out), and every send reaches the match with the choice applied.
create table demo_policy_push_pick (
  id bigint primary key,
  tenant_id varchar(12) not null,
  push_id bigint not null,
  enterprise_id bigint not null,
  included int not null check (included in (0, 1)),
  create_user bigint,
  create_time timestamp(0) not null default localtimestamp(0)
);
create unique index demo_policy_push_pick_once on demo_policy_push_pick (push_id, enterprise_id);
select park_tenant_table('demo_policy_push_pick');
