-- Customers, catalogue, orders and the infrastructure we provision for them.

CREATE TABLE customers (
    id                      UUID PRIMARY KEY,
    email                   TEXT        NOT NULL,
    name                    TEXT        NOT NULL,
    company                 TEXT,
    stripe_customer_id      TEXT,
    default_payment_method  TEXT,
    balance_cents           BIGINT      NOT NULL DEFAULT 0,
    api_key_hash            TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT customers_email_key UNIQUE (email)
);

CREATE UNIQUE INDEX customers_stripe_customer_id_key
    ON customers (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;
CREATE UNIQUE INDEX customers_api_key_hash_key
    ON customers (api_key_hash) WHERE api_key_hash IS NOT NULL;

CREATE TABLE plans (
    id             TEXT PRIMARY KEY,
    kind           TEXT    NOT NULL CHECK (kind IN ('server', 'volume')),
    vcpus          INT     NOT NULL DEFAULT 0,
    memory_mb      INT     NOT NULL DEFAULT 0,
    disk_gb        INT     NOT NULL DEFAULT 0,
    monthly_cents  BIGINT  NOT NULL,
    hourly_cents   BIGINT  NOT NULL,
    active         BOOLEAN NOT NULL DEFAULT true
);

-- Request keys claimed inside the transaction that performs the work.
CREATE TABLE idempotency_keys (
    scope         TEXT        NOT NULL,
    key           TEXT        NOT NULL,
    customer_id   UUID,
    result        JSONB,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at  TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

-- Cached HTTP responses used by the response-replay middleware.
CREATE TABLE http_idempotency_responses (
    key          TEXT        NOT NULL,
    customer_id  UUID        NOT NULL,
    method       TEXT        NOT NULL,
    path         TEXT        NOT NULL,
    status_code  INT         NOT NULL,
    body         BYTEA,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, key)
);

CREATE TABLE orders (
    id           UUID PRIMARY KEY,
    customer_id  UUID        NOT NULL REFERENCES customers (id),
    kind         TEXT        NOT NULL CHECK (kind IN ('server', 'volume')),
    plan_id      TEXT        REFERENCES plans (id),
    region       TEXT        NOT NULL,
    hostname     TEXT,
    image        TEXT,
    size_gb      INT,
    status       TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);

CREATE TABLE servers (
    id            UUID PRIMARY KEY,
    order_id      UUID        NOT NULL REFERENCES orders (id),
    customer_id   UUID        NOT NULL REFERENCES customers (id),
    plan_id       TEXT        NOT NULL REFERENCES plans (id),
    region        TEXT        NOT NULL,
    hostname      TEXT        NOT NULL,
    image         TEXT        NOT NULL,
    external_id   TEXT,
    status        TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    activated_at  TIMESTAMPTZ,
    cancelled_at  TIMESTAMPTZ,
    CONSTRAINT servers_order_id_key UNIQUE (order_id),
    CONSTRAINT servers_external_id_key UNIQUE (external_id)
);

CREATE INDEX servers_customer_idx ON servers (customer_id, created_at DESC);

CREATE TABLE server_ips (
    server_id   UUID     NOT NULL REFERENCES servers (id),
    address     INET     NOT NULL,
    family      SMALLINT NOT NULL,
    is_primary  BOOLEAN  NOT NULL DEFAULT false,
    PRIMARY KEY (server_id, address)
);

CREATE TABLE volumes (
    id           UUID PRIMARY KEY,
    order_id     UUID REFERENCES orders (id),
    customer_id  UUID        NOT NULL REFERENCES customers (id),
    server_id    UUID REFERENCES servers (id),
    region       TEXT        NOT NULL,
    size_gb      INT         NOT NULL,
    is_boot      BOOLEAN     NOT NULL DEFAULT false,
    external_id  TEXT,
    status       TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT volumes_external_id_key UNIQUE (external_id)
);

CREATE TABLE snapshots (
    id           UUID PRIMARY KEY,
    server_id    UUID        NOT NULL REFERENCES servers (id),
    customer_id  UUID        NOT NULL REFERENCES customers (id),
    label        TEXT        NOT NULL,
    external_id  TEXT,
    status       TEXT        NOT NULL,
    size_gb      INT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT snapshots_server_label_key UNIQUE (server_id, label),
    CONSTRAINT snapshots_external_id_key UNIQUE (external_id)
);

CREATE TABLE licenses (
    id             UUID PRIMARY KEY,
    server_id      UUID        NOT NULL REFERENCES servers (id),
    product        TEXT        NOT NULL,
    external_id    TEXT        NOT NULL,
    monthly_cents  BIGINT      NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT licenses_external_id_key UNIQUE (external_id)
);

CREATE TABLE cancellations (
    server_id              UUID PRIMARY KEY REFERENCES servers (id),
    customer_id            UUID        NOT NULL,
    reason                 TEXT,
    prorated_credit_cents  BIGINT      NOT NULL DEFAULT 0,
    workflow_id            TEXT        NOT NULL,
    requested_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
