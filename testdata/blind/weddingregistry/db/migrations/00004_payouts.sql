-- +goose Up
CREATE TABLE payout_accounts (
    registry_id        text PRIMARY KEY REFERENCES registries (id),
    stripe_account_id  text NOT NULL,
    payouts_enabled    boolean NOT NULL DEFAULT false,
    details_submitted  boolean NOT NULL DEFAULT false,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payout_accounts_stripe_account_key UNIQUE (stripe_account_id)
);

CREATE TABLE payouts (
    id                  text PRIMARY KEY,
    registry_id         text NOT NULL REFERENCES registries (id),
    cash_fund_id        text NOT NULL REFERENCES cash_funds (id),
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    currency            text NOT NULL,
    trigger             text NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
    period_start        date,
    status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    stripe_transfer_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_transfer_key UNIQUE (stripe_transfer_id)
);

-- One scheduled payout per fund per sweep period.
CREATE UNIQUE INDEX payouts_fund_period_idx ON payouts (cash_fund_id, period_start) WHERE trigger = 'scheduled';

-- +goose Down
DROP TABLE payouts;
DROP TABLE payout_accounts;
