-- Annual fund: campaigns, donor pledges, payments and employer matching gifts.

CREATE TABLE campaigns (
    code         TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    goal_cents   BIGINT NOT NULL,
    raised_cents BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE pledges (
    id            TEXT PRIMARY KEY,
    donor_id      TEXT NOT NULL REFERENCES patrons (id),
    campaign_code TEXT NOT NULL REFERENCES campaigns (code),
    amount_cents  BIGINT NOT NULL CHECK (amount_cents > 0),
    paid_cents    BIGINT NOT NULL DEFAULT 0,
    matched_cents BIGINT NOT NULL DEFAULT 0,
    employer      TEXT,
    anonymous     BOOLEAN NOT NULL DEFAULT false,
    status        TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'fulfilled', 'written_off')),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX pledges_donor_idx ON pledges (donor_id);

CREATE TABLE pledge_payments (
    id                TEXT PRIMARY KEY,
    pledge_id         TEXT NOT NULL REFERENCES pledges (id),
    source            TEXT NOT NULL CHECK (source IN ('card', 'box_office', 'check')),
    payment_intent_id TEXT,
    receipt_no        TEXT,
    amount_cents      BIGINT NOT NULL CHECK (amount_cents > 0),
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX pledge_payments_intent_key ON pledge_payments (payment_intent_id)
    WHERE payment_intent_id IS NOT NULL;

CREATE TABLE matching_claims (
    id               TEXT PRIMARY KEY,
    pledge_id        TEXT NOT NULL UNIQUE REFERENCES pledges (id),
    partner_claim_id TEXT UNIQUE,
    employer         TEXT NOT NULL,
    requested_cents  BIGINT NOT NULL,
    paid_cents       BIGINT NOT NULL DEFAULT 0,
    status           TEXT NOT NULL DEFAULT 'submitted'
        CHECK (status IN ('submitted', 'approved', 'paid', 'declined')),
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
