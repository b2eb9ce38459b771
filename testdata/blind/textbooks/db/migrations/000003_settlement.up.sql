-- Wholesaler settlement: nightly batches, receipts, regrade adjustments, webhooks.

CREATE TABLE wholesalers (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    partner_id text NOT NULL,
    active     boolean NOT NULL DEFAULT true
);

CREATE TABLE settlement_batches (
    id              text PRIMARY KEY,
    wholesaler_id   text NOT NULL REFERENCES wholesalers (id),
    business_date   date NOT NULL,
    status          text NOT NULL DEFAULT 'open',
    partner_lot_id  text,
    invoice_id      text,
    pickup_ref      text,
    copy_count      integer NOT NULL DEFAULT 0,
    total_cents     bigint NOT NULL DEFAULT 0,
    paid_at         timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT settlement_batches_day_uq UNIQUE (wholesaler_id, business_date)
);

CREATE TABLE wholesale_receipts (
    partner_lot_id  text PRIMARY KEY,
    batch_id        text REFERENCES settlement_batches (id),
    received_count  integer NOT NULL,
    rejected_count  integer NOT NULL,
    received_at     timestamptz NOT NULL
);

CREATE TABLE regrade_applications (
    task_id      text PRIMARY KEY,
    partner_lot_id text NOT NULL,
    applied_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_webhook_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id      text PRIMARY KEY,
    event_type    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);
