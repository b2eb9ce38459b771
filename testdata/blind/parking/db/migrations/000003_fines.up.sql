CREATE TABLE fines (
    id               UUID PRIMARY KEY,
    device_id        TEXT NOT NULL,
    citation_number  TEXT NOT NULL,
    officer_id       TEXT NOT NULL,
    plate            TEXT NOT NULL,
    zone_id          TEXT NOT NULL,
    account_id       UUID REFERENCES accounts(id),
    reason           TEXT NOT NULL,
    amount_cents     BIGINT NOT NULL,
    currency         TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'issued',
    escalation_level INT NOT NULL DEFAULT 0,
    reminder_count   INT NOT NULL DEFAULT 0,
    last_reminded_at TIMESTAMPTZ,
    issued_at        TIMESTAMPTZ NOT NULL,
    paid_at          TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT fines_device_citation_key UNIQUE (device_id, citation_number)
);

CREATE INDEX fines_unpaid_idx ON fines (issued_at) WHERE status IN ('issued', 'escalated');

CREATE TABLE fine_payments (
    id                UUID PRIMARY KEY,
    fine_id           UUID NOT NULL REFERENCES fines(id),
    account_id        UUID NOT NULL REFERENCES accounts(id),
    amount_cents      BIGINT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    payment_intent_id TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at      TIMESTAMPTZ
);

-- at most one live payment per fine; failed attempts may be retried
CREATE UNIQUE INDEX fine_payments_live_idx ON fine_payments (fine_id) WHERE status IN ('pending', 'succeeded');

CREATE TABLE fine_disputes (
    id         UUID PRIMARY KEY,
    fine_id    UUID NOT NULL REFERENCES fines(id),
    account_id UUID NOT NULL REFERENCES accounts(id),
    reason     TEXT NOT NULL,
    details    TEXT NOT NULL DEFAULT '',
    status     TEXT NOT NULL DEFAULT 'open',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE evidence_photos (
    id          UUID PRIMARY KEY,
    fine_id     UUID NOT NULL REFERENCES fines(id),
    storage_key TEXT NOT NULL,
    taken_at    TIMESTAMPTZ NOT NULL,
    sha256      TEXT NOT NULL,
    size_bytes  BIGINT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fine_events (
    id         UUID PRIMARY KEY,
    fine_id    UUID NOT NULL REFERENCES fines(id),
    kind       TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tow_requests (
    id                 UUID PRIMARY KEY,
    fine_id            UUID NOT NULL REFERENCES fines(id),
    officer_id         TEXT NOT NULL,
    plate              TEXT NOT NULL,
    location           TEXT NOT NULL,
    partner_booking_id TEXT NOT NULL,
    eta_minutes        INT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
