-- Vowhall venues schema (PostgreSQL 15+).
-- Applied by the migration job; watermill creates its own topic tables.

CREATE TABLE venues (
    id             UUID PRIMARY KEY,
    name           TEXT        NOT NULL,
    timezone       TEXT        NOT NULL DEFAULT 'UTC',
    venue_fee_cents BIGINT     NOT NULL CHECK (venue_fee_cents >= 0),
    deposit_cents  BIGINT      NOT NULL CHECK (deposit_cents >= 0),
    currency       TEXT        NOT NULL DEFAULT 'usd',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE couples (
    id                  UUID PRIMARY KEY,
    primary_name        TEXT        NOT NULL,
    partner_name        TEXT        NOT NULL,
    email               TEXT        NOT NULL,
    phone               TEXT        NOT NULL DEFAULT '',
    card_customer_id    TEXT,
    card_payment_method TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX couples_email_key ON couples (lower(email));

CREATE TABLE bookings (
    id                UUID PRIMARY KEY,
    venue_id          UUID        NOT NULL REFERENCES venues (id),
    couple_id         UUID        NOT NULL REFERENCES couples (id),
    event_date        DATE        NOT NULL,
    status            TEXT        NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled', 'expired', 'completed')),
    guest_count       INT         NOT NULL DEFAULT 0 CHECK (guest_count >= 0),
    notes             TEXT        NOT NULL DEFAULT '',
    venue_fee_cents   BIGINT      NOT NULL,
    total_cents       BIGINT      NOT NULL,
    paid_cents        BIGINT      NOT NULL DEFAULT 0,
    deposit_cents     BIGINT      NOT NULL,
    deposit_status    TEXT        NOT NULL DEFAULT 'pending' CHECK (deposit_status IN ('pending', 'paid', 'failed', 'refunded')),
    deposit_charge_id TEXT,
    currency          TEXT        NOT NULL,
    hold_expires_at   TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One live booking per venue per day. Cancelled and expired bookings free the date.
CREATE UNIQUE INDEX bookings_venue_date_live ON bookings (venue_id, event_date)
    WHERE status IN ('held', 'confirmed');
CREATE INDEX bookings_hold_expiry ON bookings (hold_expires_at) WHERE status = 'held';

CREATE TABLE idempotency_keys (
    scope           TEXT        NOT NULL,
    key             TEXT        NOT NULL,
    request_hash    TEXT        NOT NULL,
    resource_id     UUID,
    response_status INT,
    response_body   BYTEA,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE vendors (
    id               UUID PRIMARY KEY,
    name             TEXT    NOT NULL,
    kind             TEXT    NOT NULL CHECK (kind IN ('catering', 'decor', 'florist', 'av', 'other')),
    account_ref      TEXT    NOT NULL UNIQUE,
    callback_key     TEXT    NOT NULL UNIQUE,
    contact_email    TEXT    NOT NULL,
    active           BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE packages (
    id          UUID PRIMARY KEY,
    vendor_id   UUID    NOT NULL REFERENCES vendors (id),
    venue_id    UUID    NOT NULL REFERENCES venues (id),
    sku         TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('catering', 'decor', 'florist', 'av', 'other')),
    price_cents BIGINT  NOT NULL CHECK (price_cents >= 0),
    per_guest   BOOLEAN NOT NULL DEFAULT false,
    active      BOOLEAN NOT NULL DEFAULT true,
    UNIQUE (venue_id, sku)
);

CREATE TABLE booking_packages (
    id               UUID PRIMARY KEY,
    booking_id       UUID        NOT NULL REFERENCES bookings (id),
    package_id       UUID        NOT NULL REFERENCES packages (id),
    vendor_id        UUID        NOT NULL REFERENCES vendors (id),
    quantity         INT         NOT NULL CHECK (quantity > 0),
    unit_price_cents BIGINT      NOT NULL,
    line_total_cents BIGINT      NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX booking_packages_booking ON booking_packages (booking_id);

CREATE TABLE instalments (
    id                 UUID PRIMARY KEY,
    booking_id         UUID        NOT NULL REFERENCES bookings (id),
    seq                INT         NOT NULL CHECK (seq > 0),
    due_date           DATE        NOT NULL,
    amount_cents       BIGINT      NOT NULL CHECK (amount_cents > 0),
    status             TEXT        NOT NULL DEFAULT 'scheduled'
                       CHECK (status IN ('scheduled', 'processing', 'paid', 'failed', 'cancelled')),
    failure_count      INT         NOT NULL DEFAULT 0,
    provider_charge_id TEXT,
    paid_at            TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (booking_id, seq)
);
CREATE INDEX instalments_due ON instalments (due_date) WHERE status IN ('scheduled', 'failed');

CREATE TABLE payments (
    id                 UUID PRIMARY KEY,
    booking_id         UUID        NOT NULL REFERENCES bookings (id),
    instalment_id      UUID REFERENCES instalments (id),
    source             TEXT        NOT NULL CHECK (source IN ('deposit', 'instalment', 'manual')),
    amount_cents       BIGINT      NOT NULL,
    provider_charge_id TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payments_booking ON payments (booking_id);

-- One row per charge attempt made by the instalment worker, kept for support.
CREATE TABLE charge_attempts (
    id            UUID PRIMARY KEY,
    instalment_id UUID        NOT NULL REFERENCES instalments (id),
    attempt       INT         NOT NULL,
    outcome       TEXT        NOT NULL CHECK (outcome IN ('succeeded', 'declined', 'error')),
    detail        TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Mirror of settled Cardpay charges, fed by webhooks.
CREATE TABLE card_transactions (
    provider_charge_id TEXT PRIMARY KEY,
    booking_id         UUID        REFERENCES bookings (id),
    amount_cents       BIGINT      NOT NULL,
    currency           TEXT        NOT NULL,
    captured_at        TIMESTAMPTZ NOT NULL
);

CREATE TABLE payment_failures (
    id                UUID PRIMARY KEY,
    provider_event_id TEXT        NOT NULL UNIQUE,
    instalment_id     UUID        NOT NULL REFERENCES instalments (id),
    reason            TEXT        NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                 UUID PRIMARY KEY,
    booking_id         UUID        NOT NULL UNIQUE REFERENCES bookings (id),
    amount_cents       BIGINT      NOT NULL CHECK (amount_cents >= 0),
    status             TEXT        NOT NULL CHECK (status IN ('pending', 'submitted', 'succeeded', 'failed')),
    provider_refund_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE booking_ledger (
    id           UUID PRIMARY KEY,
    booking_id   UUID        NOT NULL REFERENCES bookings (id),
    kind         TEXT        NOT NULL CHECK (kind IN ('charge', 'refund', 'adjustment')),
    amount_cents BIGINT      NOT NULL,
    reference    TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX booking_ledger_booking ON booking_ledger (booking_id, created_at);

CREATE TABLE contracts (
    id          UUID PRIMARY KEY,
    booking_id  UUID        NOT NULL REFERENCES bookings (id),
    kind        TEXT        NOT NULL CHECK (kind IN ('main', 'addendum')),
    envelope_id TEXT        NOT NULL UNIQUE,
    status      TEXT        NOT NULL CHECK (status IN ('sent', 'signed', 'declined', 'voided', 'expired')),
    summary     TEXT        NOT NULL DEFAULT '',
    sent_at     TIMESTAMPTZ NOT NULL,
    signed_at   TIMESTAMPTZ,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX contracts_one_live_main ON contracts (booking_id)
    WHERE kind = 'main' AND status IN ('sent', 'signed');

CREATE TABLE contract_events (
    provider_event_id TEXT PRIMARY KEY,
    envelope_id       TEXT        NOT NULL,
    event_type        TEXT        NOT NULL,
    occurred_at       TIMESTAMPTZ NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE purchase_orders (
    id                    UUID PRIMARY KEY,
    booking_package_id    UUID        NOT NULL UNIQUE REFERENCES booking_packages (id),
    vendor_id             UUID        NOT NULL REFERENCES vendors (id),
    po_number             TEXT        NOT NULL UNIQUE,
    status                TEXT        NOT NULL CHECK (status IN ('sent', 'confirmed', 'rejected', 'cancelled')),
    ordered_total_cents   BIGINT      NOT NULL,
    confirmed_total_cents BIGINT,
    sent_at               TIMESTAMPTZ NOT NULL,
    confirmed_at          TIMESTAMPTZ
);

CREATE TABLE vendor_payables (
    id                UUID PRIMARY KEY,
    purchase_order_id UUID        NOT NULL REFERENCES purchase_orders (id),
    amount_cents      BIGINT      NOT NULL CHECK (amount_cents > 0),
    confirmation_ref  TEXT        NOT NULL,
    due_date          DATE        NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer     TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE reminders (
    id         UUID PRIMARY KEY,
    booking_id UUID        NOT NULL REFERENCES bookings (id),
    kind       TEXT        NOT NULL CHECK (kind IN ('instalment_due', 'contract_unsigned', 'final_headcount')),
    due_at     TIMESTAMPTZ NOT NULL,
    sent_at    TIMESTAMPTZ,
    message_id TEXT,
    UNIQUE (booking_id, kind, due_at)
);
CREATE INDEX reminders_pending ON reminders (due_at) WHERE sent_at IS NULL;

CREATE TABLE waitlist_entries (
    id         UUID PRIMARY KEY,
    venue_id   UUID        NOT NULL REFERENCES venues (id),
    event_date DATE        NOT NULL,
    couple_id  UUID        NOT NULL REFERENCES couples (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (venue_id, event_date, couple_id)
);

CREATE TABLE waitlist_offers (
    id                  UUID PRIMARY KEY,
    waitlist_entry_id   UUID        NOT NULL REFERENCES waitlist_entries (id),
    released_booking_id UUID        NOT NULL UNIQUE REFERENCES bookings (id),
    offered_at          TIMESTAMPTZ NOT NULL,
    expires_at          TIMESTAMPTZ NOT NULL
);

-- Access log written by the API for every request it serves.
CREATE TABLE api_requests (
    id              UUID PRIMARY KEY,
    method          TEXT        NOT NULL,
    path            TEXT        NOT NULL,
    status          INT         NOT NULL,
    idempotency_key TEXT,
    duration_ms     BIGINT      NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
