CREATE TABLE permits (
    id                UUID PRIMARY KEY,
    account_id        UUID NOT NULL REFERENCES accounts(id),
    zone_id           TEXT NOT NULL REFERENCES zones(id),
    plate             TEXT NOT NULL,
    valid_from        DATE NOT NULL,
    valid_to          DATE NOT NULL,
    price_cents       BIGINT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending_payment',
    auto_renew        BOOLEAN NOT NULL DEFAULT true,
    renewed_from_id   UUID REFERENCES permits(id),
    payment_intent_id TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT permits_zone_plate_period_key UNIQUE (zone_id, plate, valid_from)
);

CREATE INDEX permits_expiring_idx ON permits (valid_to) WHERE status = 'active';
