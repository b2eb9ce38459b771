CREATE TABLE payments (
    id              UUID PRIMARY KEY,
    reservation_id  UUID        NOT NULL REFERENCES reservations (id),
    provider_ref    TEXT        NOT NULL UNIQUE,
    kind            TEXT        NOT NULL,
    amount_minor    BIGINT      NOT NULL,
    currency        CHAR(3)     NOT NULL,
    status          TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX payments_reservation_idx ON payments (reservation_id);

-- Intent rows written before a provider call. op_key is stable for the
-- operation; id is sent to the provider as its idempotency key.
CREATE TABLE payment_operations (
    id             UUID PRIMARY KEY,
    op_key         TEXT        NOT NULL UNIQUE,
    reservation_id UUID        NOT NULL REFERENCES reservations (id),
    kind           TEXT        NOT NULL,
    amount_minor   BIGINT      NOT NULL,
    currency       CHAR(3)     NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'pending',
    provider_ref   TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    provider_ref   TEXT PRIMARY KEY,
    reservation_id UUID        NOT NULL REFERENCES reservations (id),
    amount_minor   BIGINT      NOT NULL,
    currency       CHAR(3)     NOT NULL,
    reason         TEXT        NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    type        TEXT        NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE no_show_fees (
    reservation_id UUID PRIMARY KEY REFERENCES reservations (id),
    provider_ref   TEXT        NOT NULL,
    amount_minor   BIGINT      NOT NULL,
    currency       CHAR(3)     NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
