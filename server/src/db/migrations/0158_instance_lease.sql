-- The instances sharing the database (issue 29), each under a lease its heartbeat renews: past
-- `expires` without a heartbeat an instance counts as dead. A row holds the instance's worker id (its
-- part of the generated ids), unique among the rows, so two live instances never share one; an expired
-- row is taken over by the next instance that claims its worker id. A job's claim names the instance
-- (blade_job.run_instance) and holds while that instance's lease does: a dead instance's claims are
-- free within one lease, instead of after the ten-minute locked_until this replaces.

create table park_instance (
  id varchar(32) primary key,               -- random per start: what a job's claim records
  process_key varchar(32) not null,         -- the process that registered it (a process may hold several in tests)
  worker_id int not null check (worker_id between 0 and 1023),
  host varchar(255) not null,
  pid int not null,
  started timestamptz not null default now(),
  beat timestamptz not null default now(),  -- the last heartbeat, by the database's clock
  expires timestamptz not null
);
create unique index park_instance_worker on park_instance (worker_id);

alter table blade_job add column run_instance varchar(32);
alter table blade_job drop column locked_until;
