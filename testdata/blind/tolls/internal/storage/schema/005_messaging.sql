-- Idempotency keys, consumer inbox, customer alerts.

CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope         TEXT        NOT NULL,
    key           TEXT        NOT NULL,
    request_hash  TEXT        NOT NULL DEFAULT '',
    resource_id   TEXT        NOT NULL DEFAULT '',
    response_code INT         NOT NULL DEFAULT 0,
    response_body BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS inbox_messages (
    consumer     TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE IF NOT EXISTS low_balance_alerts (
    account_id TEXT        NOT NULL,
    alert_date DATE        NOT NULL,
    channel    TEXT        NOT NULL,
    message_id TEXT        NOT NULL DEFAULT '',
    sent_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, alert_date)
);
