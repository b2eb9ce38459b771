CREATE TABLE webhook_endpoints (
    id         text PRIMARY KEY,
    account_id text        NOT NULL REFERENCES accounts (id),
    url        text        NOT NULL,
    secret     text        NOT NULL,
    active     boolean     NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, url)
);

CREATE TABLE deliveries (
    id           text PRIMARY KEY,
    envelope_id  text        NOT NULL REFERENCES envelopes (id),
    endpoint_id  text        NOT NULL REFERENCES webhook_endpoints (id),
    status       text        NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts     integer     NOT NULL DEFAULT 0,
    delivered_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (envelope_id, endpoint_id)
);

CREATE TABLE delivery_attempts (
    id           text PRIMARY KEY,
    delivery_id  text        NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
    status_code  integer,
    error        text,
    duration_ms  integer     NOT NULL,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id, attempted_at);
