-- Balance ledger, top-ups, card payments and gateway bookkeeping.

CREATE TABLE IF NOT EXISTS ledger_entries (
    id           TEXT PRIMARY KEY,
    account_id   TEXT        NOT NULL,
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    reference    TEXT        NOT NULL DEFAULT '',
    memo         TEXT        NOT NULL DEFAULT '',
    created_by   TEXT        NOT NULL DEFAULT 'system',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS ledger_entries_account_idx ON ledger_entries (account_id, created_at DESC);
CREATE INDEX IF NOT EXISTS ledger_entries_reference_idx ON ledger_entries (reference);

CREATE TABLE IF NOT EXISTS topups (
    id              TEXT PRIMARY KEY,
    account_id      TEXT        NOT NULL,
    amount_cents    BIGINT      NOT NULL,
    source          TEXT        NOT NULL,
    status          TEXT        NOT NULL,
    psp_reference   TEXT        NOT NULL DEFAULT '',
    idempotency_key TEXT,
    failure_reason  TEXT        NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT topups_idempotency_key_key UNIQUE (idempotency_key)
);

CREATE TABLE IF NOT EXISTS card_payments (
    id            TEXT PRIMARY KEY,
    operation_key TEXT,
    account_id    TEXT        NOT NULL,
    purpose       TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    psp_reference TEXT        NOT NULL DEFAULT '',
    reference     TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT card_payments_operation_key_key UNIQUE (operation_key)
);

CREATE INDEX IF NOT EXISTS card_payments_account_idx ON card_payments (account_id);

-- One row per HTTP call to the gateway, for reconciliation and support.
CREATE TABLE IF NOT EXISTS payment_attempts (
    id          TEXT PRIMARY KEY,
    operation   TEXT        NOT NULL,
    reference   TEXT        NOT NULL DEFAULT '',
    http_status INT         NOT NULL DEFAULT 0,
    result_code TEXT        NOT NULL DEFAULT '',
    error       TEXT        NOT NULL DEFAULT '',
    duration_ms BIGINT      NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS gateway_notifications (
    psp_reference      TEXT        NOT NULL,
    event_code         TEXT        NOT NULL,
    success            BOOLEAN     NOT NULL,
    merchant_reference TEXT        NOT NULL DEFAULT '',
    amount_cents       BIGINT      NOT NULL DEFAULT 0,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (psp_reference, event_code)
);
