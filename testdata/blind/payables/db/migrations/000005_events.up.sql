-- Inbound events (provider webhooks, queue messages) already applied.
CREATE TABLE processed_events (
    source       TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, event_id)
);

-- Transactional outbox, drained by the relay worker.
CREATE TABLE outbox (
    id           UUID PRIMARY KEY,
    topic        TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    tenant_id    TEXT NOT NULL,
    payload      JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE webhook_deliveries (
    id              UUID PRIMARY KEY,
    tenant_id       TEXT NOT NULL REFERENCES tenants (id),
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    payload         JSONB NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    attempts        INT NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    next_attempt_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT webhook_deliveries_event_uq UNIQUE (tenant_id, event_id)
);

-- Log of supplier/AP notifications sent by e-mail.
CREATE TABLE notifications (
    id         TEXT PRIMARY KEY,
    tenant_id  TEXT NOT NULL,
    kind       TEXT NOT NULL,
    ref_id     TEXT NOT NULL,
    recipient  TEXT NOT NULL,
    message_id TEXT,
    sent_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notifications_ref_idx ON notifications (kind, ref_id);
