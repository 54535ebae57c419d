-- The bus's outbox without a lock held across the broker (issue 29). A row is claimed for a short
-- lease by the instance that sends it: at insert by its own instance while that one is joined to
-- the broker (it sends its events itself, so a frozen instance never holds up the others'), or by
-- whichever connected instance takes it over. A row left unclaimed (inserted by an instance cut off
-- from the broker) or given back (a sending instance that lost the broker) is announced on the
-- channel park_bus_outbox, so a connected instance sends it at once instead of on its sweep.

alter table park_bus_outbox
  add column claimed_by text,                 -- the bus instance (its origin id) sending the row
  add column claimed_until timestamptz;       -- after which another instance may take the row over

create function park_bus_outbox_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('park_bus_outbox', '');
  return null;
end $$;

create trigger park_bus_outbox_unclaimed
  after insert or update of claimed_by on park_bus_outbox
  for each row when (new.claimed_by is null)
  execute function park_bus_outbox_notify();
