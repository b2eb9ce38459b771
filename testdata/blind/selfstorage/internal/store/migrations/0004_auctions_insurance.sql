-- Lien auctions and tenant protection (insurance) policies.

CREATE TABLE auctions (
    id                text PRIMARY KEY,
    rental_id         text NOT NULL REFERENCES rentals(id),
    unit_id           text NOT NULL REFERENCES units(id),
    status            text NOT NULL DEFAULT 'scheduled'
                      CHECK (status IN ('scheduled','noticed','settled','disbursed','cancelled')),
    scheduled_for     date NOT NULL,
    winning_bid_cents bigint,
    buyer_name        text,
    buyer_email       text,
    buyer_pi_id       text,
    settled_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auctions_one_open_per_rental ON auctions (rental_id) WHERE status <> 'cancelled';

CREATE TABLE auction_notices (
    auction_id   text NOT NULL REFERENCES auctions(id),
    kind         text NOT NULL,
    status       text NOT NULL DEFAULT 'sending',
    provider_ref text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    sent_at      timestamptz,
    PRIMARY KEY (auction_id, kind)
);

CREATE TABLE surplus_payables (
    auction_id   text PRIMARY KEY REFERENCES auctions(id),
    rental_id    text NOT NULL REFERENCES rentals(id),
    amount_cents bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE insurance_policies (
    id                text PRIMARY KEY,
    rental_id         text NOT NULL REFERENCES rentals(id),
    plan_code         text NOT NULL,
    coverage_cents    bigint NOT NULL,
    premium_cents     bigint NOT NULL,
    insurer_policy_id text UNIQUE,
    enroll_key        text UNIQUE,
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending','active','lapsed','cancelled')),
    created_at        timestamptz NOT NULL DEFAULT now(),
    cancelled_at      timestamptz
);
CREATE INDEX insurance_policies_rental ON insurance_policies (rental_id);
