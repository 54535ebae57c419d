-- Money and audit records are never deleted (issue 34.2): a paid lease period, a finished or rated repair (any
-- with a rating) and a written-off meal order stay. The modules' remove refuses them with their reason; these
-- triggers are the second wall, whatever writes the row: a change of is_deleted from 0 on such a row (before
-- or after the same update) is refused with SQLSTATE 23514 and the trigger's name as the constraint, which
-- the platform answers as that record's 400 (server/src/platform/constraints.ts).

create function park_record_kept() returns trigger language plpgsql as $$
begin
  raise exception 'record kept: %', tg_argv[0]
    using errcode = '23514', constraint = tg_argv[0], table = tg_table_name;
end $$;

create trigger property_lease_cost_kept
  before update of is_deleted on property_lease_contract_cost
  for each row when (old.is_deleted = 0 and new.is_deleted <> 0 and (old.pay_status = 1 or new.pay_status = 1))
  execute function park_record_kept('property_lease_cost_kept');

create trigger property_repair_kept
  before update of is_deleted on property_repair
  for each row when (old.is_deleted = 0 and new.is_deleted <> 0
    and (old.repair_status in (3, 4) or new.repair_status in (3, 4) or old.rating is not null or new.rating is not null))
  execute function park_record_kept('property_repair_kept');

create trigger dhm_order_meal_kept
  before update of is_deleted on dhm_order_meal
  for each row when (old.is_deleted = 0 and new.is_deleted <> 0
    and (old.order_meal_status = 1 or new.order_meal_status = 1))
  execute function park_record_kept('dhm_order_meal_kept');

-- 撤销缴费: a paid period made unpaid again, with who, when, why, and the amount and date it had been paid.
-- Only ever appended: changing or removing a line is refused as above.
create table property_lease_cost_reversal (
  id bigint primary key,
  tenant_id varchar(12) not null,
  cost_id bigint not null,
  contract_id bigint not null,
  period_no int not null,
  paid_amount numeric(18,2),                 -- what had been paid, as the period recorded it
  paid_date date,
  reason varchar(500) not null,
  create_user bigint not null,
  create_time timestamp(0) not null default localtimestamp(0)
);
create index property_lease_cost_reversal_cost on property_lease_cost_reversal (tenant_id, cost_id, id);
select park_tenant_table('property_lease_cost_reversal');

create trigger property_lease_cost_reversal_kept
  before update or delete on property_lease_cost_reversal
  for each row execute function park_record_kept('property_lease_cost_reversal_kept');
