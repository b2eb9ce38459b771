-- Deposits, damage claims, ledger and webhook bookkeeping.
CREATE TABLE deposits (
    id                    UUID PRIMARY KEY,
    booking_id            UUID NOT NULL UNIQUE REFERENCES bookings(id),
    amount_cents          BIGINT NOT NULL,
    captured_cents        BIGINT NOT NULL DEFAULT 0,
    currency              CHAR(3) NOT NULL,
    status                TEXT NOT NULL CHECK (status IN ('pending','held','captured','released','expired','failed')),
    provider_auth_id      TEXT UNIQUE,
    release_requested_at  TIMESTAMPTZ,
    released_at           TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE deposit_releases (
    id            UUID PRIMARY KEY,
    deposit_id    UUID NOT NULL UNIQUE REFERENCES deposits(id),
    reason        TEXT NOT NULL,
    requested_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE damage_claims (
    id                   UUID PRIMARY KEY,
    booking_id           UUID NOT NULL REFERENCES bookings(id),
    deposit_id           UUID NOT NULL REFERENCES deposits(id),
    request_key          TEXT NOT NULL,
    amount_cents         BIGINT NOT NULL CHECK (amount_cents > 0),
    description          TEXT NOT NULL,
    status               TEXT NOT NULL CHECK (status IN ('filed','captured','rejected')),
    provider_capture_id  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (booking_id, request_key)
);

CREATE TABLE ledger_entries (
    id            UUID PRIMARY KEY,
    booking_id    UUID NOT NULL REFERENCES bookings(id),
    kind          TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    currency      CHAR(3) NOT NULL,
    provider_ref  TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_booking_idx ON ledger_entries (booking_id, created_at);

CREATE TABLE processed_webhook_events (
    event_id      TEXT PRIMARY KEY,
    event_type    TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
