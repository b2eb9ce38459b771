CREATE TABLE payouts (
    id                  TEXT PRIMARY KEY,
    artist_id           TEXT NOT NULL REFERENCES artists (id),
    statement_id        TEXT REFERENCES statements (id),
    parent_payout_id    TEXT REFERENCES payouts (id),
    method              TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    stripe_transfer_id  TEXT,
    stripe_payout_id    TEXT,
    status              TEXT NOT NULL DEFAULT 'pending',
    failure_code        TEXT,
    requested_by        TEXT NOT NULL DEFAULT 'system',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payouts_statement_transfer_key
    ON payouts (statement_id) WHERE method = 'transfer' AND statement_id IS NOT NULL;
CREATE UNIQUE INDEX payouts_parent_bank_key
    ON payouts (parent_payout_id) WHERE method = 'bank' AND parent_payout_id IS NOT NULL;
CREATE INDEX payouts_stripe_transfer_idx ON payouts (stripe_transfer_id);
CREATE INDEX payouts_stripe_payout_idx ON payouts (stripe_payout_id);

CREATE TABLE payout_attempts (
    id            TEXT PRIMARY KEY,
    payout_id     TEXT NOT NULL REFERENCES payouts (id),
    attempted_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    outcome       TEXT NOT NULL,
    detail        TEXT NOT NULL DEFAULT ''
);
