-- A tenant's own database (租户数据源, issue 38). park_tenant_store says where each bound tenant's
-- business rows live and how far a move between databases has come; park_tenant_fence names the
-- tenants whose business rows must not be written in *this* database (the main one while the tenant
-- is bound or moving, the tenant's data source while its rows move out or after they have): every
-- business table refuses such a write in a statement-level trigger, so an instance that has not yet
-- heard of a move cannot write where the rows no longer are.

create table park_tenant_store (
  tenant_id varchar(12) primary key,
  datasource_id bigint not null,
  -- moving-in: copying to the data source, read from the main database; bound: read and written there (the
  -- main database's rows purged as done_tables says); moving-out: copying back, still read there; leaving:
  -- read and written in the main database again, the data source's rows still to purge.
  state varchar(12) not null check (state in ('moving-in', 'bound', 'moving-out', 'leaving')),
  -- The tables of the current move already copied and verified: a resumed move skips them.
  done_tables text[] not null default '{}',
  -- The instance moving the rows holds this lease; another may take the move over once it has run out.
  claimed_until timestamp(0),
  update_time timestamp(0) not null default localtimestamp(0)
);

create table park_tenant_fence (
  tenant_id varchar(12) primary key,
  create_time timestamp(0) not null default localtimestamp(0)
);

create or replace function park_refuse_fenced() returns trigger language plpgsql as $fn$
begin
  if exists (select 1 from park_tenant_fence where tenant_id = current_setting('park.tenant_id', true)) then
    raise exception 'tenant % keeps its business rows in another database', current_setting('park.tenant_id', true)
      using errcode = 'PTF01', table = tg_table_name;
  end if;
  return null;
end
$fn$;

-- Puts the fence trigger on each of the given tables that lacks it (migrate.ts passes the business tables).
create or replace function park_fence_tables(tables text[]) returns void language plpgsql as $fn$
declare
  t text;
begin
  foreach t in array tables loop
    if not exists (select 1 from pg_trigger where tgrelid = t::regclass and tgname = t || '_fence') then
      execute format(
        'create trigger %I before insert or update or delete on %I for each statement execute function park_refuse_fenced()',
        t || '_fence', t);
    end if;
  end loop;
end
$fn$;

-- Removes a tenant's rows of one table from the database they have moved out of, as they are: no tally,
-- paid-sum or kept-record trigger acts on them (their tallies go as rows of their own tables).
create or replace function park_purge_rows(t text, tenant text) returns void language plpgsql as $fn$
begin
  perform set_config('park.tenant_id', '*', true);
  execute format('alter table %I disable trigger user', t);
  execute format('delete from %I where tenant_id = $1', t) using tenant;
  execute format('alter table %I enable trigger user', t);
end
$fn$;
