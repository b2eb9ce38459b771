CREATE TABLE resellers (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL,
    api_key_sha text NOT NULL UNIQUE,
    commission_bps int NOT NULL DEFAULT 150,
    active      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE batches (
    id            uuid PRIMARY KEY,
    reseller_id   uuid NOT NULL REFERENCES resellers (id),
    reseller_ref  text NOT NULL,
    status        text NOT NULL DEFAULT 'received',
    item_count    int NOT NULL,
    total_cents   bigint NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- lookups by the reseller's own reference from the portal
CREATE INDEX batches_reseller_ref_idx ON batches (reseller_id, reseller_ref);

CREATE TABLE batch_items (
    id             uuid PRIMARY KEY,
    batch_id       uuid NOT NULL REFERENCES batches (id),
    msisdn         text NOT NULL,
    operator       text NOT NULL,
    amount_cents   bigint NOT NULL,
    status         text NOT NULL DEFAULT 'queued',
    carrier_txn_id text,
    error          text,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX batch_items_batch_idx ON batch_items (batch_id);

CREATE TABLE webhook_endpoints (
    id          uuid PRIMARY KEY,
    reseller_id uuid NOT NULL REFERENCES resellers (id),
    url         text NOT NULL,
    secret      text NOT NULL,
    event_types text[] NOT NULL DEFAULT '{}',
    active      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
    id           uuid PRIMARY KEY,
    endpoint_id  uuid NOT NULL REFERENCES webhook_endpoints (id),
    event_id     text NOT NULL,
    event_type   text NOT NULL,
    status_code  int,
    error        text,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commissions (
    id           uuid PRIMARY KEY,
    reseller_id  uuid NOT NULL REFERENCES resellers (id),
    topup_id     uuid NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX commissions_reseller_idx ON commissions (reseller_id, created_at);

CREATE TABLE invoices (
    id           uuid PRIMARY KEY,
    reseller_id  uuid NOT NULL REFERENCES resellers (id),
    period       text NOT NULL,
    number       text NOT NULL,
    total_cents  bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
