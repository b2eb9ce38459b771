-- 0001_core.sql: customers, quotes, bookings, crew

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE customers (
    id            UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    full_name     TEXT        NOT NULL,
    email         TEXT        NOT NULL,
    phone         TEXT        NOT NULL,
    card_token    TEXT,
    credit_cents  BIGINT      NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

CREATE TABLE credit_ledger (
    id           BIGSERIAL PRIMARY KEY,
    customer_id  UUID        NOT NULL REFERENCES customers (id),
    booking_id   UUID,
    delta_cents  BIGINT      NOT NULL,
    reason       TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_customer_idx ON credit_ledger (customer_id, created_at);

CREATE TABLE quotes (
    id               UUID PRIMARY KEY,
    customer_id      UUID        NOT NULL REFERENCES customers (id),
    origin_address   TEXT        NOT NULL,
    dest_address     TEXT        NOT NULL,
    move_date        DATE        NOT NULL,
    bedrooms         INT         NOT NULL,
    crew_size        INT         NOT NULL,
    est_hours        NUMERIC(5,2) NOT NULL,
    est_total_cents  BIGINT      NOT NULL,
    deposit_cents    BIGINT      NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'open',
    expires_at       TIMESTAMPTZ NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX quotes_customer_idx ON quotes (customer_id);

-- Keys supplied by API clients (Idempotency-Key header), scoped per route.
CREATE TABLE idempotency_keys (
    scope          TEXT        NOT NULL,
    key            TEXT        NOT NULL,
    resource_id    TEXT,
    response_code  INT,
    response_body  JSONB,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE bookings (
    id                    UUID PRIMARY KEY,
    quote_id              UUID        NOT NULL REFERENCES quotes (id),
    customer_id           UUID        NOT NULL REFERENCES customers (id),
    move_date             DATE        NOT NULL,
    origin_address        TEXT        NOT NULL,
    dest_address          TEXT        NOT NULL,
    crew_size             INT         NOT NULL,
    est_total_cents       BIGINT      NOT NULL,
    deposit_cents         BIGINT      NOT NULL,
    status                TEXT        NOT NULL DEFAULT 'pending_deposit',
    confirmation_sent_at  TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bookings_quote_idx ON bookings (quote_id);
CREATE INDEX bookings_move_date_idx ON bookings (move_date, status);

CREATE TABLE booking_changes (
    id          UUID PRIMARY KEY,
    booking_id  UUID        NOT NULL REFERENCES bookings (id),
    kind        TEXT        NOT NULL,
    old_value   TEXT,
    new_value   TEXT,
    fee_cents   BIGINT      NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX booking_changes_booking_idx ON booking_changes (booking_id);

CREATE TABLE crew_members (
    id          BIGSERIAL PRIMARY KEY,
    full_name   TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    role        TEXT    NOT NULL DEFAULT 'mover',
    active      BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE crew_assignments (
    booking_id      UUID        NOT NULL REFERENCES bookings (id),
    crew_member_id  BIGINT      NOT NULL REFERENCES crew_members (id),
    role            TEXT        NOT NULL,
    assigned_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (booking_id, crew_member_id)
);

-- One booking per crew member per day.
CREATE TABLE crew_slots (
    id              BIGSERIAL PRIMARY KEY,
    crew_member_id  BIGINT NOT NULL REFERENCES crew_members (id),
    booking_id      UUID   NOT NULL REFERENCES bookings (id),
    slot_date       DATE   NOT NULL,
    UNIQUE (crew_member_id, slot_date)
);
CREATE INDEX crew_slots_booking_idx ON crew_slots (booking_id);

CREATE TABLE surveys (
    id            UUID PRIMARY KEY,
    customer_id   UUID        NOT NULL REFERENCES customers (id),
    address       TEXT        NOT NULL,
    scheduled_at  TIMESTAMPTZ NOT NULL,
    kind          TEXT        NOT NULL DEFAULT 'in_home',
    status        TEXT        NOT NULL DEFAULT 'scheduled',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX surveys_scheduled_idx ON surveys (status, scheduled_at);

CREATE TABLE survey_reminders (
    survey_id    UUID        NOT NULL REFERENCES surveys (id),
    reminder     TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'pending',
    provider_id  TEXT,
    sent_at      TIMESTAMPTZ,
    PRIMARY KEY (survey_id, reminder)
);
