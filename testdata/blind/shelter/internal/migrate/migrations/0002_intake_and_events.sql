-- Partner rescue intake, webhook delivery log, transactional outbox and
-- consumer inbox.

CREATE TABLE intake_transfers (
    id                  TEXT PRIMARY KEY,
    partner_id          TEXT        NOT NULL,
    partner_transfer_id TEXT        NOT NULL,
    animal_id           TEXT        NOT NULL REFERENCES animals (id),
    expected_arrival    DATE,
    received_at         TIMESTAMPTZ NOT NULL,
    cancelled_at        TIMESTAMPTZ,
    CONSTRAINT intake_transfers_partner_key UNIQUE (partner_id, partner_transfer_id)
);

CREATE TABLE intake_exams (
    id            TEXT PRIMARY KEY,
    animal_id     TEXT        NOT NULL REFERENCES animals (id),
    transfer_id   TEXT        NOT NULL,
    scheduled_for DATE        NOT NULL,
    notes         TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL
);

-- Every inbound webhook hit, including redeliveries. Kept for 30 days.
CREATE TABLE webhook_deliveries (
    id          TEXT PRIMARY KEY,
    source      TEXT        NOT NULL,
    delivery_id TEXT        NOT NULL DEFAULT '',
    body_sha256 TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX webhook_deliveries_source_idx ON webhook_deliveries (source, received_at);

CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,
    topic        TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE inbox (
    consumer     TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE http_idempotency_keys (
    key           TEXT PRIMARY KEY,
    route         TEXT        NOT NULL,
    status_code   INT         NOT NULL,
    response_body BYTEA       NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);
