-- +goose Up
CREATE TABLE charges (
    id                  UUID PRIMARY KEY,
    subscription_id     UUID        NOT NULL REFERENCES subscriptions (id),
    kind                TEXT        NOT NULL
                        CHECK (kind IN ('renewal', 'adhoc', 'early_termination')),
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    currency            CHAR(3)     NOT NULL,
    description         TEXT        NOT NULL,
    status              TEXT        NOT NULL
                        CHECK (status IN ('pending', 'processing', 'succeeded', 'failed')),
    billing_period      DATE,
    idempotency_key     TEXT,
    provider_charge_id  TEXT,
    failure_reason      TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT charges_idempotency_key_key UNIQUE (idempotency_key),
    CONSTRAINT charges_provider_charge_id_key UNIQUE (provider_charge_id)
);

-- One renewal charge per subscription and billing period.
CREATE UNIQUE INDEX charges_renewal_period_uniq
    ON charges (subscription_id, billing_period)
    WHERE kind = 'renewal';

CREATE TABLE refunds (
    id                  UUID PRIMARY KEY,
    charge_id           UUID        NOT NULL REFERENCES charges (id),
    provider_refund_id  TEXT        NOT NULL UNIQUE,
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    reason              TEXT        NOT NULL,
    status              TEXT        NOT NULL CHECK (status IN ('requested', 'completed', 'failed')),
    requested_by        TEXT        NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refund_settlements (
    provider_refund_id  TEXT PRIMARY KEY,
    amount_cents        BIGINT      NOT NULL,
    settled_at          TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    provider_dispute_id  TEXT PRIMARY KEY,
    charge_id            UUID        NOT NULL REFERENCES charges (id),
    amount_cents         BIGINT      NOT NULL,
    reason               TEXT        NOT NULL,
    opened_at            TIMESTAMPTZ NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE customer_credits (
    id               UUID PRIMARY KEY,
    subscription_id  UUID        NOT NULL REFERENCES subscriptions (id),
    amount_cents     BIGINT      NOT NULL CHECK (amount_cents > 0),
    reason           TEXT        NOT NULL,
    source_ref       TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX customer_credits_subscription_idx ON customer_credits (subscription_id);

CREATE TABLE processed_messages (
    consumer      TEXT        NOT NULL,
    message_id    TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

-- +goose Down
DROP TABLE processed_messages;
DROP TABLE customer_credits;
DROP TABLE disputes;
DROP TABLE refund_settlements;
DROP TABLE refunds;
DROP TABLE charges;
