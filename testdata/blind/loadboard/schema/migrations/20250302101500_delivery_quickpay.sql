-- Proof of delivery, accessorials, quick-pay payouts, the carrier ledger and
-- the webhook inbox.

ALTER TABLE loads ADD COLUMN agreed_rate_cents bigint NOT NULL DEFAULT 0;

CREATE TABLE delivery_confirmations (
    load_id       uuid PRIMARY KEY REFERENCES loads (id),
    delivered_at  timestamptz NOT NULL,
    receiver_name text        NOT NULL,
    pod_url       text        NOT NULL,
    exceptions    text        NOT NULL DEFAULT '',
    reported_by   uuid        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accessorial_charges (
    id           uuid PRIMARY KEY,
    load_id      uuid        NOT NULL REFERENCES loads (id),
    kind         text        NOT NULL,
    amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
    note         text        NOT NULL DEFAULT '',
    receipt_url  text        NOT NULL DEFAULT '',
    created_by   uuid        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX accessorial_charges_load_idx ON accessorial_charges (load_id);

CREATE TABLE payouts (
    id                   uuid PRIMARY KEY,
    load_id              uuid        NOT NULL REFERENCES loads (id),
    carrier_id           uuid        NOT NULL REFERENCES carriers (id),
    gross_cents          bigint      NOT NULL,
    fee_cents            bigint      NOT NULL,
    net_cents            bigint      NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_transfer_id text,
    attempts             integer     NOT NULL DEFAULT 0,
    last_error           text        NOT NULL DEFAULT '',
    requested_by         text        NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_load_key UNIQUE (load_id),
    CONSTRAINT payouts_status_check CHECK (status IN ('pending', 'submitted', 'paid', 'failed'))
);

CREATE UNIQUE INDEX payouts_transfer_idx ON payouts (provider_transfer_id) WHERE provider_transfer_id IS NOT NULL;

CREATE TABLE carrier_ledger_entries (
    id           uuid PRIMARY KEY,
    carrier_id   uuid        NOT NULL REFERENCES carriers (id),
    load_id      uuid        NOT NULL REFERENCES loads (id),
    payout_id    uuid REFERENCES payouts (id),
    entry_type   text        NOT NULL,
    amount_cents bigint      NOT NULL,
    memo         text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX carrier_ledger_entries_carrier_idx ON carrier_ledger_entries (carrier_id, created_at);

CREATE TABLE processed_webhooks (
    provider    text        NOT NULL,
    event_id    text        NOT NULL,
    event_type  text        NOT NULL DEFAULT '',
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
