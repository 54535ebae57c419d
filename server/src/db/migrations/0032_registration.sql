-- Account applications (spec parts 1 and 4): someone who came through a third-party login
-- applies for an account; it waits here until an administrator of that tenant approves it.
create table park_registration (
  id bigint primary key,
  tenant_id varchar(12) not null,
  account varchar(45) not null,
  name varchar(20) not null,
  password varchar(100) not null, -- stored like blade_user.password: bcrypt of the MD5 hex
  oauth_id varchar(64),
  state int not null default 0,  -- 0 pending, 1 approved, 2 rejected
  user_id bigint,                -- the account made on approval
  create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) not null default localtimestamp(0)
);
create index park_registration_pending on park_registration (tenant_id, create_time desc) where state = 0;
select park_tenant_table('park_registration');
