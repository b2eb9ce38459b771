-- +goose Up
CREATE TABLE cleaning_appointments (
    id              TEXT PRIMARY KEY,
    account_id      TEXT        NOT NULL REFERENCES accounts (id),
    tap_lines       INTEGER     NOT NULL CHECK (tap_lines > 0),
    scheduled_for   TIMESTAMPTZ NOT NULL,
    technician      TEXT        NOT NULL DEFAULT '',
    status          TEXT        NOT NULL DEFAULT 'scheduled'
                    CHECK (status IN ('scheduled', 'completed', 'cancelled')),
    notes           TEXT        NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at    TIMESTAMPTZ
);

CREATE INDEX cleaning_appointments_account_idx ON cleaning_appointments (account_id, scheduled_for);

CREATE TABLE cleaning_charges (
    appointment_id  TEXT PRIMARY KEY REFERENCES cleaning_appointments (id),
    account_id      TEXT        NOT NULL,
    lines_cleaned   INTEGER     NOT NULL,
    amount_cents    BIGINT      NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rebate_accruals (
    id              TEXT PRIMARY KEY,
    account_id      TEXT          NOT NULL REFERENCES accounts (id),
    period          DATE          NOT NULL,
    volume_barrels  NUMERIC(12, 4) NOT NULL,
    rate_bps        INTEGER       NOT NULL,
    amount_cents    BIGINT        NOT NULL,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT rebate_accruals_account_period_uniq UNIQUE (account_id, period)
);

CREATE TABLE rebate_credits (
    id                  UUID PRIMARY KEY,
    account_id          TEXT        NOT NULL REFERENCES accounts (id),
    quarter             TEXT        NOT NULL,
    amount_cents        BIGINT      NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'skipped')),
    provider_credit_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    credited_at         TIMESTAMPTZ,
    CONSTRAINT rebate_credits_account_quarter_uniq UNIQUE (account_id, quarter)
);

CREATE TABLE loyalty_balances (
    account_id  TEXT PRIMARY KEY REFERENCES accounts (id),
    points      BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE processed_messages (
    consumer      TEXT        NOT NULL,
    message_key   TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);

-- +goose Down
DROP TABLE processed_messages;
DROP TABLE loyalty_balances;
DROP TABLE rebate_credits;
DROP TABLE rebate_accruals;
DROP TABLE cleaning_charges;
DROP TABLE cleaning_appointments;
