-- A public space may ask for approval (issue 34.5, reservation approval): a reservation of such a space is made
-- 待审批 and the park's space staff approve it (已通过) or reject it with a reason (已驳回). A space that asks for
-- none confirms at once (approval_status 0, 无需审批), as before. The no-overlap rule counts the live reservations
-- that are not rejected: pending, approved and those needing none. A pending one holds its slot until it is
-- decided; a rejected (or cancelled) one frees it. One decision per reservation: only a pending one is decided.

alter table property_public_space
  add column needs_approval int not null default 0 check (needs_approval in (0, 1));

alter table property_space_reservation
  add column approval_status int not null default 0 check (approval_status in (0, 1, 2, 3)),
  add column approval_reason varchar(255),
  add column approve_user bigint,
  add column approve_time timestamp(0),
  add constraint property_space_reservation_reject_reason
    check (approval_status <> 3 or coalesce(btrim(approval_reason), '') <> '');

alter table property_space_reservation drop constraint property_space_reservation_no_overlap;
alter table property_space_reservation add constraint property_space_reservation_no_overlap exclude using gist (
  space_id with =, tsrange(start_at, end_at, '[)') with &&
) where (reserve_status = 1 and is_deleted = 0 and approval_status <> 3);

-- The staff's 待审批 list.
create index property_space_reservation_pending on property_space_reservation (tenant_id, start_at)
  where approval_status = 1 and reserve_status = 1 and is_deleted = 0;

insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738715220, 0, 'property_approval_status', '-1', '审批状态', 'Approval', 958),
  (1123598819738715221, 1123598819738715220, 'property_approval_status', '0', '无需审批', 'Not needed', 1),
  (1123598819738715222, 1123598819738715220, 'property_approval_status', '1', '待审批', 'Pending', 2),
  (1123598819738715223, 1123598819738715220, 'property_approval_status', '2', '已通过', 'Approved', 3),
  (1123598819738715224, 1123598819738715220, 'property_approval_status', '3', '已驳回', 'Rejected', 4);
