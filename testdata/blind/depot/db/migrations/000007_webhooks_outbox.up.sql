CREATE TABLE webhook_endpoints (
    id          TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    url         TEXT NOT NULL,
    secret      TEXT NOT NULL,
    event_types TEXT[] NOT NULL DEFAULT '{}',
    active      BOOLEAN NOT NULL DEFAULT true,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT webhook_endpoints_merchant_url_key UNIQUE (merchant_id, url)
);

CREATE TABLE outbox (
    id             BIGSERIAL PRIMARY KEY,
    event_id       TEXT NOT NULL,
    destination    TEXT NOT NULL,
    topic          TEXT NOT NULL,
    merchant_id    TEXT NOT NULL DEFAULT '',
    partition_key  TEXT NOT NULL DEFAULT '',
    payload        JSONB NOT NULL,
    status         TEXT NOT NULL DEFAULT 'pending',
    attempts       INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_error     TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at        TIMESTAMPTZ
);

CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_deliveries (
    id           BIGSERIAL PRIMARY KEY,
    event_id     TEXT NOT NULL,
    endpoint_id  TEXT NOT NULL REFERENCES webhook_endpoints(id),
    status_code  INTEGER NOT NULL,
    duration_ms  INTEGER NOT NULL,
    delivered_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
