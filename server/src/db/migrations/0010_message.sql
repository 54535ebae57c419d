-- Messages (spec part 7, message module): one row per message sent, one receipt per recipient.
-- A receipt's is_read follows the spec: 1 = unread, 0 = read.

create table blade_message (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(255) not null,
  content text,
  type int not null default 1 check (type between 1 and 4),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
select park_tenant_table('blade_message');

create table blade_message_receiver (
  id bigint primary key,
  tenant_id varchar(12) not null,
  message_id bigint not null references blade_message (id),
  user_id bigint not null,
  is_read int not null default 1 check (is_read in (0, 1)),
  read_time timestamp(0),
  create_time timestamp(0) not null default localtimestamp(0),
  is_deleted int not null default 0
);
create unique index blade_message_receiver_one on blade_message_receiver (message_id, user_id);
-- The bell's reads: a user's receipts, unread first, newest first.
create index blade_message_receiver_inbox on blade_message_receiver (tenant_id, user_id, is_read, create_time desc)
  where is_deleted = 0;
select park_tenant_table('blade_message_receiver');
