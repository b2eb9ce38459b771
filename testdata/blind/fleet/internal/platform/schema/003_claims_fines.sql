-- Damage claims and third-party fines (tolls, parking, speeding).

CREATE TABLE IF NOT EXISTS claims (
    id                text PRIMARY KEY,
    rental_id         uuid NOT NULL REFERENCES rentals (id),
    vehicle_id        uuid NOT NULL REFERENCES vehicles (id),
    incident_at       timestamptz NOT NULL,
    description       text NOT NULL,
    photo_urls        text[] NOT NULL DEFAULT '{}',
    status            text NOT NULL,
    insurer_claim_no  text NOT NULL DEFAULT '',
    excess_cents      bigint NOT NULL DEFAULT 0,
    reported_by       text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    filed_at          timestamptz
);
CREATE INDEX IF NOT EXISTS claims_rental_idx ON claims (rental_id);

CREATE TABLE IF NOT EXISTS fines (
    id           uuid PRIMARY KEY,
    issuer       text NOT NULL,
    reference    text NOT NULL,
    plate        text NOT NULL,
    issued_at    timestamptz NOT NULL,
    amount_cents bigint NOT NULL,
    rental_id    uuid REFERENCES rentals (id),
    customer_id  uuid REFERENCES customers (id),
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issuer, reference)
);

CREATE TABLE IF NOT EXISTS fine_disputes (
    fine_id     uuid PRIMARY KEY REFERENCES fines (id),
    customer_id uuid NOT NULL REFERENCES customers (id),
    reason      text NOT NULL,
    status      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS fine_recharges (
    fine_id      uuid PRIMARY KEY REFERENCES fines (id),
    intent_id    text NOT NULL,
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
