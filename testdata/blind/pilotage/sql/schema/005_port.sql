-- Monthly statements to the port authority, consumer bookkeeping and the event outbox.

CREATE TABLE monthly_statements (
    period        text PRIMARY KEY, -- YYYY-MM
    status        text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'filed')),
    authority_ref text,
    filed_at      timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE statement_filing_attempts (
    id           text PRIMARY KEY,
    period       text NOT NULL REFERENCES monthly_statements (period),
    request_key  text NOT NULL,
    outcome      text NOT NULL,
    detail       text NOT NULL DEFAULT '',
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consumed_messages (
    consumer    text NOT NULL,
    message_key text NOT NULL,
    consumed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);

CREATE TABLE outbox_events (
    id           text PRIMARY KEY,
    topic        text NOT NULL,
    event_key    text NOT NULL,
    event_type   text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);

CREATE INDEX outbox_events_pending_idx ON outbox_events (created_at) WHERE published_at IS NULL;
