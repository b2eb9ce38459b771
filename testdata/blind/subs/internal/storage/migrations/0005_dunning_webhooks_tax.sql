-- 0005: dunning, receipts, outbound webhooks, inbound Stripe events, tax

CREATE TABLE dunning_cases (
    invoice_id      TEXT PRIMARY KEY REFERENCES invoices (id),
    customer_id     TEXT        NOT NULL REFERENCES customers (id),
    status          TEXT        NOT NULL DEFAULT 'open',   -- open | recovered | exhausted
    attempts        INT         NOT NULL DEFAULT 0,
    last_failure    TEXT,
    next_attempt_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE dunning_notices (
    invoice_id   TEXT        NOT NULL REFERENCES dunning_cases (invoice_id),
    step         INT         NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'sending',  -- sending | sent
    claimed_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at      TIMESTAMPTZ,
    PRIMARY KEY (invoice_id, step)
);

CREATE TABLE receipts (
    invoice_id  TEXT PRIMARY KEY REFERENCES invoices (id),
    email       TEXT        NOT NULL,
    sent_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE webhook_endpoints (
    id           TEXT PRIMARY KEY,
    customer_id  TEXT        NOT NULL REFERENCES customers (id),
    url          TEXT        NOT NULL,
    secret       TEXT        NOT NULL,
    event_types  TEXT[]      NOT NULL DEFAULT '{}',
    disabled     BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (customer_id, url)
);

CREATE TABLE webhook_events (
    id           TEXT PRIMARY KEY,
    endpoint_id  TEXT        NOT NULL REFERENCES webhook_endpoints (id),
    event_type   TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'pending',  -- pending | delivered | failed
    delivered_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Append-only log of every HTTP attempt made for a webhook event.
CREATE TABLE webhook_attempts (
    id           UUID PRIMARY KEY,
    event_id     TEXT        NOT NULL REFERENCES webhook_events (id),
    status_code  INT,
    error        TEXT,
    duration_ms  INT         NOT NULL,
    attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tax_calculations (
    invoice_id         TEXT        NOT NULL REFERENCES invoices (id),
    revision           INT         NOT NULL,
    partner_txn_id     TEXT        NOT NULL,
    tax_cents          BIGINT      NOT NULL,
    jurisdiction       TEXT        NOT NULL DEFAULT '',
    calculated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (invoice_id, revision)
);
