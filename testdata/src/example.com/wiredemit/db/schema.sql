CREATE TABLE emit_outbox (
    event_key text PRIMARY KEY,
    kind      text NOT NULL
);
