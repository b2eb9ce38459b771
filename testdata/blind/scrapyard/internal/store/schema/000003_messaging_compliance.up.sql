CREATE TABLE idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    status_code  INTEGER NOT NULL,
    response     JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_id    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE webhook_events (
    provider     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE outbox (
    id            TEXT PRIMARY KEY,
    topic         TEXT NOT NULL,
    event_type    TEXT NOT NULL,
    payload       JSONB NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at  TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE compliance_line_items (
    ticket_id        TEXT PRIMARY KEY REFERENCES weigh_tickets(id),
    yard_id          TEXT NOT NULL REFERENCES yards(id),
    business_date    DATE NOT NULL,
    seller_id        UUID NOT NULL REFERENCES sellers(id),
    material_code    TEXT NOT NULL,
    net_lb           INTEGER NOT NULL,
    amount_cents     BIGINT NOT NULL,
    vehicle_plate    TEXT NOT NULL DEFAULT '',
    voided_at        TIMESTAMPTZ,
    correction_ref   TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX compliance_line_items_day_idx ON compliance_line_items (yard_id, business_date);

CREATE TABLE compliance_reports (
    id                UUID PRIMARY KEY,
    yard_id           TEXT NOT NULL REFERENCES yards(id),
    business_date     DATE NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'submitted', 'accepted', 'rejected')),
    line_count        INTEGER NOT NULL DEFAULT 0,
    regulator_receipt TEXT,
    rejection_reason  TEXT,
    submitted_at      TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (yard_id, business_date)
);
