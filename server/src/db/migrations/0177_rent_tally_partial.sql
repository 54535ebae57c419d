-- Issue 34.5: a period can be paid in part (0174). What is collected is every payment's money, a period paid in
-- part included (0171 counted only periods paid in full); what is owed stays the balance of the periods not paid in
-- full. The other tallies' statements are 0171's, unchanged.
alter function desk_tally_sql(text) rename to desk_tally_sql_0171;

create function desk_tally_sql(source text) returns text language sql immutable as $fn$
  select case source
    when 'property_lease_contract_cost' then $q$
      insert into desk_rent_tally as t (tenant_id, due_date, amount_due, collected, owed)
      select * from (
        select d.tenant_id, d.due_date, sum(d.sign * d.amount_due) as amount_due,
               coalesce(sum(d.sign * case when d.pay_status = 1 then coalesce(d.paid_amount, d.amount_due)
                                          else coalesce(d.paid_amount, 0) end), 0) as collected,
               coalesce(sum(d.sign * (d.amount_due - coalesce(d.paid_amount, 0))) filter (where d.pay_status = 0), 0)
                 as owed
          from d where d.is_deleted = 0 group by 1, 2) x
       where x.amount_due <> 0 or x.collected <> 0 or x.owed <> 0
       order by 1, 2
      on conflict (tenant_id, due_date) do update
        set amount_due = t.amount_due + excluded.amount_due, collected = t.collected + excluded.collected,
            owed = t.owed + excluded.owed$q$
    else desk_tally_sql_0171(source)
  end
$fn$;

delete from desk_rent_tally;
do $do$
begin
  execute format('with d as (select 1 as sign, r.* from property_lease_contract_cost r) %s',
                 desk_tally_sql('property_lease_contract_cost'));
end
$do$;
