-- +goose Up
CREATE TABLE payouts (
    id                 text PRIMARY KEY,
    associate_id       uuid NOT NULL REFERENCES associates (id),
    period_end         date NOT NULL,
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    status             text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    stripe_transfer_id text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz
);

CREATE INDEX payouts_pending_idx ON payouts (associate_id) WHERE status = 'pending';

CREATE TABLE associate_earnings (
    id           uuid PRIMARY KEY,
    associate_id uuid NOT NULL REFERENCES associates (id),
    source       text NOT NULL CHECK (source IN ('patient_payment', 'insurance_payment')),
    source_ref   text NOT NULL,
    amount_cents bigint NOT NULL,
    payout_id    text REFERENCES payouts (id),
    earned_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (associate_id, source, source_ref)
);

CREATE INDEX associate_earnings_unpaid_idx ON associate_earnings (associate_id) WHERE payout_id IS NULL;

-- +goose Down
DROP TABLE associate_earnings;
DROP TABLE payouts;
