-- Notices, notifications, idempotency records, outbox and tasks.

CREATE TABLE notices (
    id             uuid PRIMARY KEY,
    invoice_id     uuid        NOT NULL REFERENCES invoices (id),
    debtor_id      uuid        NOT NULL REFERENCES debtors (id),
    kind           text        NOT NULL,
    channel        text        NOT NULL,
    status         text        NOT NULL DEFAULT 'pending',
    provider_ref   text        NOT NULL DEFAULT '',
    sent_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notices_invoice_kind_channel_uq UNIQUE (invoice_id, kind, channel)
);

CREATE TABLE notifications (
    id          uuid PRIMARY KEY,
    dedup_key   text        NOT NULL,
    channel     text        NOT NULL,
    recipient   text        NOT NULL,
    template    text        NOT NULL,
    status      text        NOT NULL DEFAULT 'claimed',
    provider_ref text       NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_dedup_uq UNIQUE (dedup_key)
);

CREATE TABLE idempotency_keys (
    scope          text        NOT NULL,
    key            text        NOT NULL,
    request_hash   text        NOT NULL,
    status_code    integer     NOT NULL DEFAULT 0,
    response_body  bytea,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    consumer      text        NOT NULL,
    message_id    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE outbox_events (
    id            uuid PRIMARY KEY,
    topic         text        NOT NULL,
    aggregate_id  text        NOT NULL,
    payload       jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    published_at  timestamptz
);

CREATE INDEX outbox_events_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;

CREATE TABLE tasks (
    id          bigserial PRIMARY KEY,
    kind        text        NOT NULL,
    dedup_key   text        NOT NULL,
    payload     jsonb       NOT NULL,
    status      text        NOT NULL DEFAULT 'queued',
    attempts    integer     NOT NULL DEFAULT 0,
    run_after   timestamptz NOT NULL DEFAULT now(),
    locked_by   text,
    locked_at   timestamptz,
    last_error  text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tasks_kind_dedup_uq UNIQUE (kind, dedup_key)
);

CREATE INDEX tasks_ready_idx ON tasks (run_after) WHERE status = 'queued';
