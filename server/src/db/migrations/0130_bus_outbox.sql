-- The bus's outbox (issue 19): an event published with RabbitMQ configured (AMQP_URL) is first
-- kept here, one row per event, and handed to the broker by whichever connected instance drains
-- next, oldest first; a row is deleted once the broker has confirmed it. So a write committed
-- while the broker is away still reaches the other instances when it is back, and one instance's
-- events go out through another that is still connected. Not a tenant table: rows carry only
-- cache names, table names and session ids, and only the platform reads them.

create table park_bus_outbox (
  id bigint generated always as identity primary key,
  body text not null,                       -- the event as the broker carries it: {origin, topic, payload}
  created_at timestamp(0) not null default localtimestamp(0)
);
