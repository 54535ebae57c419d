-- Rent payments that record money (issue 34.5): a lease period is paid by payments, each with its amount, date,
-- method, payer, receipt number and note, several partial ones if need be; a contract's deposit is billed as its
-- own cost row (cost_kind 2, 押金) and paid the same way. The rules held here, whatever writes:
-- - a period's paid_amount is the sum of its live (not reversed) payments, pay_status 1 once it reaches the amount
--   due, paid_date the latest live payment's: kept by the payment table's trigger, which locks the period first,
--   so payments landing at once add up one after the other;
-- - a period is never paid beyond its amount due (property_lease_cost_not_overpaid);
-- - a receipt number is one live payment's per tenant (a reversed payment's may be entered again, corrected);
-- - a payment is never removed or changed: a wrong one is reversed once (reversal_id set, a line appended to
--   property_lease_cost_reversal with the reason);
-- - a contract has at most one live deposit row (property_lease_cost_deposit_once);
-- - a period holding any payment stays (0172's trigger, widened from paid in full to paid at all).

alter table property_lease_contract_cost
  add column cost_kind int not null default 1 check (cost_kind in (1, 2)), -- 1 rent and fee period, 2 deposit
  add column balance numeric(18,2) generated always as (amount_due - coalesce(paid_amount, 0)) stored,
  -- 0 未缴, 1 已缴, 2 部分缴纳: read and filtered as a column (pay_status stays 0 until paid in full).
  add column pay_state int generated always as
    (case when pay_status = 1 then 1 when coalesce(paid_amount, 0) > 0 then 2 else 0 end) stored;

create unique index property_lease_cost_deposit_once on property_lease_contract_cost (contract_id)
  where cost_kind = 2 and is_deleted = 0;

create table property_lease_cost_payment (
  id bigint primary key,
  tenant_id varchar(12) not null,
  cost_id bigint not null,
  contract_id bigint not null,
  enterprise_id bigint not null,
  amount numeric(18,2) not null check (amount > 0),
  paid_date date not null,
  pay_method int not null check (pay_method in (1, 2, 3, 4, 9)), -- property_pay_method
  payer varchar(100),
  receipt_no varchar(64),                    -- required by the payment form; none on payments before this one
  note varchar(500),
  reversal_id bigint,                        -- the property_lease_cost_reversal line that reversed it
  create_user bigint not null,
  create_time timestamp(0) not null default localtimestamp(0)
);
create index property_lease_cost_payment_cost on property_lease_cost_payment (tenant_id, cost_id, paid_date);
create unique index property_lease_cost_payment_receipt on property_lease_cost_payment (tenant_id, receipt_no)
  where receipt_no is not null and reversal_id is null;
select park_tenant_table('property_lease_cost_payment');

-- A reversal names the payment it reversed (none: 撤销缴费 of a whole period, all its live payments at once).
alter table property_lease_cost_reversal add column payment_id bigint;

-- Payments before this migration: one per period that had money on it, as the period recorded it (its id the
-- period's, unique in this table), so that the sums below hold for them too.
insert into property_lease_cost_payment (id, tenant_id, cost_id, contract_id, enterprise_id, amount, paid_date,
       pay_method, note, create_user, create_time)
select id, tenant_id, id, contract_id, enterprise_id, least(coalesce(paid_amount, amount_due), amount_due),
       coalesce(paid_date, due_date), 9, '登记缴费前的缴费', coalesce(update_user, create_user, 0), update_time
  from property_lease_contract_cost
 where is_deleted = 0 and (pay_status = 1 or coalesce(paid_amount, 0) > 0)
   and least(coalesce(paid_amount, amount_due), amount_due) > 0;
update property_lease_contract_cost c
   set paid_amount = p.amount, paid_date = p.paid_date,
       pay_status = case when p.amount >= c.amount_due then 1 else 0 end
  from property_lease_cost_payment p where p.cost_id = c.id;
update property_lease_contract_cost set paid_amount = null, paid_date = null, pay_status = 0
 where id not in (select cost_id from property_lease_cost_payment) and (pay_status = 1 or paid_amount is not null);

alter table property_lease_contract_cost add constraint property_lease_cost_not_overpaid
  check (paid_amount is null or (paid_amount >= 0 and paid_amount <= amount_due));

-- The period's paid amount, state and date from its live payments, after each payment or reversal. The period is
-- locked first, and the sums read in the statements after it: a payment committed meanwhile is counted.
create function property_lease_cost_paid() returns trigger language plpgsql as $$
begin
  perform 1 from property_lease_contract_cost where id = new.cost_id for update;
  update property_lease_contract_cost c
     set paid_amount = nullif(s.paid, 0), paid_date = s.last_date,
         pay_status = case when s.paid > 0 and s.paid >= c.amount_due then 1 else 0 end,
         update_user = new.create_user, update_time = localtimestamp(0)
    from (select coalesce(sum(amount), 0) as paid, max(paid_date) as last_date
            from property_lease_cost_payment where cost_id = new.cost_id and reversal_id is null) s
   where c.id = new.cost_id;
  return null;
end $$;

create trigger property_lease_cost_payment_paid
  after insert or update of reversal_id on property_lease_cost_payment
  for each row execute function property_lease_cost_paid();

-- Only ever appended: a payment's one change is its reversal, once; nothing else of it changes, nor is it removed.
create function property_lease_cost_payment_kept() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.reversal_id is null and new.reversal_id is not null
     and (to_jsonb(old) - 'reversal_id') = (to_jsonb(new) - 'reversal_id') then
    return new;
  end if;
  raise exception 'record kept: property_lease_cost_payment_kept'
    using errcode = '23514', constraint = 'property_lease_cost_payment_kept', table = tg_table_name;
end $$;

create trigger property_lease_cost_payment_kept
  before update or delete on property_lease_cost_payment
  for each row execute function property_lease_cost_payment_kept();

-- 0172's wall, widened: a period with money on it (paid in full or in part) is not removed either.
drop trigger property_lease_cost_kept on property_lease_contract_cost;
create trigger property_lease_cost_kept
  before update of is_deleted on property_lease_contract_cost
  for each row when (old.is_deleted = 0 and new.is_deleted <> 0
    and (old.pay_status = 1 or new.pay_status = 1 or coalesce(old.paid_amount, 0) > 0 or coalesce(new.paid_amount, 0) > 0))
  execute function park_record_kept('property_lease_cost_kept');

insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738715050, 0, 'property_pay_state', '-1', '缴费状态', 'Payment state', 976),
  (1123598819738715051, 1123598819738715050, 'property_pay_state', '0', '未缴', 'Unpaid', 1),
  (1123598819738715052, 1123598819738715050, 'property_pay_state', '2', '部分缴纳', 'Partly paid', 2),
  (1123598819738715053, 1123598819738715050, 'property_pay_state', '1', '已缴', 'Paid', 3),
  (1123598819738715060, 0, 'property_pay_method', '-1', '缴费方式', 'Payment method', 977),
  (1123598819738715061, 1123598819738715060, 'property_pay_method', '1', '银行转账', 'Bank transfer', 1),
  (1123598819738715062, 1123598819738715060, 'property_pay_method', '2', '现金', 'Cash', 2),
  (1123598819738715063, 1123598819738715060, 'property_pay_method', '3', '微信', 'WeChat Pay', 3),
  (1123598819738715064, 1123598819738715060, 'property_pay_method', '4', '支付宝', 'Alipay', 4),
  (1123598819738715065, 1123598819738715060, 'property_pay_method', '9', '其他', 'Other', 5),
  (1123598819738715070, 0, 'property_cost_kind', '-1', '费用类型', 'Cost kind', 978),
  (1123598819738715071, 1123598819738715070, 'property_cost_kind', '1', '租金物业费', 'Rent and fee', 1),
  (1123598819738715072, 1123598819738715070, 'property_cost_kind', '2', '押金', 'Deposit', 2);
