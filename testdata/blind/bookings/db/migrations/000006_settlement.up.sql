CREATE TABLE settlement_batches (
    id                  TEXT PRIMARY KEY,
    business_date       DATE        NOT NULL,
    operator_code       TEXT        NOT NULL REFERENCES partner_operators (code),
    status              TEXT        NOT NULL,
    gross_cents         BIGINT      NOT NULL DEFAULT 0,
    commission_cents    BIGINT      NOT NULL DEFAULT 0,
    net_cents           BIGINT      NOT NULL DEFAULT 0,
    currency            TEXT        NOT NULL DEFAULT 'eur',
    stripe_transfer_id  TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX settlement_batches_date_idx ON settlement_batches (business_date, operator_code);

CREATE TABLE settlement_lines (
    id            BIGSERIAL PRIMARY KEY,
    batch_id      TEXT   NOT NULL REFERENCES settlement_batches (id),
    booking_id    UUID   NOT NULL,
    gross_cents   BIGINT NOT NULL,
    refund_cents  BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE settlement_acks (
    batch_id       TEXT        NOT NULL REFERENCES settlement_batches (id),
    operator_code  TEXT        NOT NULL,
    ack_ref        TEXT        NOT NULL,
    disputed       BOOLEAN     NOT NULL DEFAULT FALSE,
    received_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (batch_id, operator_code)
);
