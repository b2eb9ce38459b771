-- Photomarket schema. Applied by the migration runner as version 0001;
-- later changes live in db/migrations.

CREATE TABLE clients (
    id          TEXT PRIMARY KEY,
    email       TEXT NOT NULL,
    full_name   TEXT NOT NULL,
    phone       TEXT,
    stripe_customer_id TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT clients_email_key UNIQUE (email)
);

CREATE TABLE photographers (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    display_name      TEXT NOT NULL,
    phone             TEXT,
    stripe_account_id TEXT UNIQUE,
    payouts_enabled   BOOLEAN NOT NULL DEFAULT false,
    commission_bps    INTEGER NOT NULL DEFAULT 1500,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE availability (
    photographer_id TEXT NOT NULL REFERENCES photographers(id),
    day             DATE NOT NULL,
    status          TEXT NOT NULL,
    note            TEXT,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (photographer_id, day)
);

CREATE TABLE bookings (
    id               TEXT PRIMARY KEY,
    client_id        TEXT NOT NULL REFERENCES clients(id),
    photographer_id  TEXT NOT NULL REFERENCES photographers(id),
    event_date       DATE NOT NULL,
    event_type       TEXT NOT NULL,
    venue            TEXT NOT NULL,
    package_code     TEXT NOT NULL,
    total_cents      BIGINT NOT NULL,
    deposit_cents    BIGINT NOT NULL,
    currency         TEXT NOT NULL DEFAULT 'usd',
    status           TEXT NOT NULL DEFAULT 'pending',
    hold_expires_at  TIMESTAMPTZ NOT NULL,
    default_payment_method TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX bookings_photographer_date_idx ON bookings (photographer_id, event_date);
CREATE INDEX bookings_status_idx ON bookings (status);

CREATE TABLE booking_messages (
    id          TEXT PRIMARY KEY,
    booking_id  TEXT NOT NULL REFERENCES bookings(id),
    author_id   TEXT NOT NULL,
    author_role TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX booking_messages_booking_idx ON booking_messages (booking_id, created_at);

-- Request-level idempotency for public API endpoints.
CREATE TABLE idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    resource_id   TEXT,
    response_code INTEGER,
    response_body BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE payments (
    id                 TEXT PRIMARY KEY,
    booking_id         TEXT REFERENCES bookings(id),
    print_order_id     TEXT,
    kind               TEXT NOT NULL,
    amount_cents       BIGINT NOT NULL,
    currency           TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'created',
    provider_intent_id TEXT UNIQUE,
    client_secret      TEXT,
    failure_code       TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_booking_kind_key ON payments (booking_id, kind) WHERE booking_id IS NOT NULL;
CREATE UNIQUE INDEX payments_print_order_key ON payments (print_order_id) WHERE print_order_id IS NOT NULL;

CREATE TABLE refunds (
    id                 TEXT PRIMARY KEY,
    payment_id         TEXT NOT NULL REFERENCES payments(id),
    amount_cents       BIGINT NOT NULL,
    provider_refund_id TEXT,
    status             TEXT NOT NULL,
    reason             TEXT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT refunds_payment_key UNIQUE (payment_id)
);

CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id              TEXT PRIMARY KEY,
    booking_id      TEXT,
    photographer_id TEXT,
    account         TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    memo            TEXT NOT NULL,
    source_ref      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_photographer_idx ON ledger_entries (photographer_id, created_at);

CREATE TABLE processed_messages (
    handler     TEXT NOT NULL,
    message_id  TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (handler, message_id)
);

CREATE TABLE galleries (
    id              TEXT PRIMARY KEY,
    booking_id      TEXT NOT NULL UNIQUE REFERENCES bookings(id),
    photographer_id TEXT NOT NULL REFERENCES photographers(id),
    title           TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'uploading',
    expected_count  INTEGER NOT NULL DEFAULT 0,
    uploaded_count  INTEGER NOT NULL DEFAULT 0,
    delivered_at    TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE photos (
    id           TEXT PRIMARY KEY,
    gallery_id   TEXT NOT NULL REFERENCES galleries(id),
    s3_bucket    TEXT NOT NULL,
    s3_key       TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    etag         TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'uploaded',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT photos_object_key UNIQUE (s3_bucket, s3_key)
);

CREATE TABLE upload_batches (
    batch_id    TEXT PRIMARY KEY,
    gallery_id  TEXT NOT NULL REFERENCES galleries(id),
    photo_count INTEGER NOT NULL,
    completed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE derivatives (
    id         TEXT PRIMARY KEY,
    photo_id   TEXT NOT NULL REFERENCES photos(id),
    variant    TEXT NOT NULL,
    s3_key     TEXT NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    size_bytes BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT derivatives_photo_variant_key UNIQUE (photo_id, variant)
);

CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    booking_id          TEXT NOT NULL REFERENCES bookings(id),
    photographer_id     TEXT NOT NULL REFERENCES photographers(id),
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'pending',
    provider_transfer_id TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_booking_key UNIQUE (booking_id)
);

CREATE TABLE print_orders (
    id              TEXT PRIMARY KEY,
    client_id       TEXT NOT NULL REFERENCES clients(id),
    gallery_id      TEXT NOT NULL REFERENCES galleries(id),
    status          TEXT NOT NULL DEFAULT 'draft',
    subtotal_cents  BIGINT NOT NULL,
    shipping_cents  BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    ship_name       TEXT NOT NULL,
    ship_line1      TEXT NOT NULL,
    ship_line2      TEXT,
    ship_city       TEXT NOT NULL,
    ship_postcode   TEXT NOT NULL,
    ship_country    TEXT NOT NULL,
    lab_order_id    TEXT UNIQUE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE print_order_items (
    id             TEXT PRIMARY KEY,
    print_order_id TEXT NOT NULL REFERENCES print_orders(id),
    photo_id       TEXT NOT NULL REFERENCES photos(id),
    product_sku    TEXT NOT NULL,
    quantity       INTEGER NOT NULL,
    unit_cents     BIGINT NOT NULL
);

CREATE TABLE lab_submissions (
    id             TEXT PRIMARY KEY,
    print_order_id TEXT NOT NULL REFERENCES print_orders(id),
    lab_order_id   TEXT,
    status         TEXT NOT NULL DEFAULT 'pending',
    attempts       INTEGER NOT NULL DEFAULT 0,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT lab_submissions_order_key UNIQUE (print_order_id)
);

CREATE TABLE lab_events (
    event_id     TEXT PRIMARY KEY,
    lab_order_id TEXT NOT NULL,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE store_credits (
    id             TEXT PRIMARY KEY,
    client_id      TEXT NOT NULL REFERENCES clients(id),
    print_order_id TEXT,
    amount_cents   BIGINT NOT NULL,
    currency       TEXT NOT NULL,
    reason         TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id          TEXT PRIMARY KEY,
    recipient   TEXT NOT NULL,
    channel     TEXT NOT NULL,
    template    TEXT NOT NULL,
    subject_ref TEXT NOT NULL,
    provider_message_id TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT notifications_template_subject_key UNIQUE (template, subject_ref, channel)
);

CREATE TABLE statements (
    id              TEXT PRIMARY KEY,
    photographer_id TEXT NOT NULL REFERENCES photographers(id),
    period_start    DATE NOT NULL,
    period_end      DATE NOT NULL,
    gross_cents     BIGINT NOT NULL,
    fees_cents      BIGINT NOT NULL,
    net_cents       BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX statements_photographer_period_idx ON statements (photographer_id, period_start);
