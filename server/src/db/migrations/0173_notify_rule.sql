-- Work that reaches the park reaches a person (issue 34.1). park_notify_rule: per tenant and kind of incoming work
-- (a new repair, feedback, public-space reservation, a production report handed in), whether the park's staff hear
-- of it and who: the users holding one of role_ids, and the users of user_ids. A tenant without a row of a kind
-- follows the default (on, the tenant's administrator roles; modules/message/notify-rules.ts), so every tenant, also
-- one made later, has its rules without a seed; saving a kind writes its row, one per tenant and kind.
create table park_notify_rule (
  id bigint primary key,
  tenant_id varchar(12) not null,
  kind varchar(32) not null check (kind in ('repair', 'feedback', 'space_reserve', 'prod_report')),
  enabled int not null default 1 check (enabled in (0, 1)),
  role_ids bigint[] not null default '{}',
  user_ids bigint[] not null default '{}',
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0,
  -- At most 200 of each: a rule names roles and people, not the whole tenant one by one.
  constraint park_notify_rule_sizes check (cardinality(role_ids) <= 200 and cardinality(user_ids) <= 200)
);
-- One rule per tenant and kind: two saves of a kind at once are one upsert each on this key.
create unique index park_notify_rule_kind on park_notify_rule (tenant_id, kind);
select park_tenant_table('park_notify_rule');

-- A message may name the record it tells of: an in-app route (a screen's path with its query), opened from the
-- bell, the drawer and the message's detail, and carried by the pushed frame.
alter table blade_message add column link varchar(500) check (link is null or link ~ '^/[^/]');
