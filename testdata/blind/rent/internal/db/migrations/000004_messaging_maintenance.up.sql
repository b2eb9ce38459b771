CREATE TABLE receipts (
    payment_id          TEXT PRIMARY KEY REFERENCES payments (id),
    recipient           TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'sending',
    provider_message_id TEXT,
    claimed_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ
);

CREATE TABLE sms_log (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL,
    purpose             TEXT NOT NULL,
    to_number           TEXT NOT NULL,
    idempotency_token   TEXT,
    provider_sid        TEXT,
    sent_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE maintenance_requests (
    id                      TEXT PRIMARY KEY,
    lease_id                TEXT NOT NULL REFERENCES leases (id),
    tenant_id               TEXT NOT NULL REFERENCES tenants (id),
    category                TEXT NOT NULL,
    description             TEXT NOT NULL,
    urgency                 TEXT NOT NULL DEFAULT 'normal',
    permission_to_enter     BOOLEAN NOT NULL DEFAULT FALSE,
    status                  TEXT NOT NULL DEFAULT 'new',
    vendor_work_order_id    TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at           TIMESTAMPTZ
);

CREATE TABLE move_out_jobs (
    lease_id                TEXT NOT NULL REFERENCES leases (id),
    vendor_work_order_id    TEXT NOT NULL,
    scheduled_for           DATE NOT NULL,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE deposit_receipts (
    id                  TEXT PRIMARY KEY,
    lease_id            TEXT NOT NULL REFERENCES leases (id),
    amount_cents        BIGINT NOT NULL,
    external_ref        TEXT NOT NULL,
    received_on         DATE NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE inbox_messages (
    consumer            TEXT NOT NULL,
    message_key         TEXT NOT NULL,
    processed_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);
