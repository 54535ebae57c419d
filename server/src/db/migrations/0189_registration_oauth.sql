-- Issue 37: an account application made after a third-party login carries the subject it came with (verified from the
-- signed ticket the login gave); approving it binds that subject to the new account.
alter table park_registration alter column oauth_id type varchar(300);
alter table park_registration add column oauth_source varchar(32);
alter table park_registration add column oauth_uuid varchar(255);
alter table park_registration add column oauth_profile jsonb;
create unique index park_registration_oauth_pending on park_registration (tenant_id, oauth_source, oauth_uuid)
  where state = 0 and oauth_uuid is not null;
