CREATE TABLE disputes (
    id          TEXT PRIMARY KEY,                     -- ULID
    escrow_id   TEXT        NOT NULL REFERENCES escrows (id),
    opened_by   TEXT        NOT NULL,
    reason      TEXT        NOT NULL,
    status      TEXT        NOT NULL,
    resolution  TEXT,
    opened_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    resolved_at TIMESTAMPTZ
);

CREATE INDEX disputes_escrow_id_idx ON disputes (escrow_id);

-- A dispute may be settled with several partial refunds, so nothing here is unique per dispute.
CREATE TABLE dispute_refunds (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dispute_id       TEXT        NOT NULL REFERENCES disputes (id),
    stripe_refund_id TEXT        NOT NULL,
    amount_cents     BIGINT      NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Client-supplied Idempotency-Key values for the public API.
CREATE TABLE idempotency_keys (
    scope       TEXT        NOT NULL,
    key         TEXT        NOT NULL,
    resource_id TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Escrows whose seller payouts are frozen while a dispute is open.
CREATE TABLE payout_holds (
    escrow_id  TEXT PRIMARY KEY REFERENCES escrows (id),
    seller_id  TEXT        NOT NULL,
    dispute_id TEXT        NOT NULL REFERENCES disputes (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Diagnostic log of stream deliveries; one row per delivery attempt.
CREATE TABLE consumer_attempts (
    id         UUID PRIMARY KEY,
    consumer   TEXT        NOT NULL,
    stream_seq BIGINT      NOT NULL,
    delivered  INT         NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
