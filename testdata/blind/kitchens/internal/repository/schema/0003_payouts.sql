-- Host earnings and payouts.
CREATE TABLE host_payout_accounts (
    id          UUID PRIMARY KEY,
    host_id     UUID NOT NULL UNIQUE REFERENCES hosts(id),
    bank_token  TEXT NOT NULL,
    last4       CHAR(4) NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                  UUID PRIMARY KEY,
    host_id             UUID NOT NULL REFERENCES hosts(id),
    period_start        DATE NOT NULL,
    period_end          DATE NOT NULL,
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    currency            CHAR(3) NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending','submitted','paid','failed')),
    provider_payout_id  TEXT UNIQUE,
    paid_at             TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (host_id, period_start)
);

CREATE INDEX payouts_pending_idx ON payouts (created_at) WHERE status IN ('pending','submitted');

CREATE TABLE host_earnings (
    id            UUID PRIMARY KEY,
    booking_id    UUID NOT NULL UNIQUE REFERENCES bookings(id),
    host_id       UUID NOT NULL REFERENCES hosts(id),
    gross_cents   BIGINT NOT NULL,
    fee_cents     BIGINT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    currency      CHAR(3) NOT NULL,
    payout_id     UUID REFERENCES payouts(id),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX host_earnings_unpaid_idx ON host_earnings (host_id, created_at) WHERE payout_id IS NULL;
