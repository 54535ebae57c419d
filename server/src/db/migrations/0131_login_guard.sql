-- Account locks that expire: the time of the last counted wrong password. An account is locked while
-- fail_count has reached account.failCount and this is less than account.lockMinutes ago; a failure
-- after that starts the count again.
alter table blade_user add column if not exists fail_time timestamp(0);
-- Locks from before expire like new ones, counted from now.
update blade_user set fail_time = localtimestamp(0) where fail_count > 0 and fail_time is null;

-- Revoking every login of a user (role change, disabled, removed, new password) finds them by user.
create index if not exists park_auth_session_user on park_auth_session (user_id) where revoked_at is null;
