-- +migrate Up
CREATE TABLE payouts (
    id                   UUID PRIMARY KEY,
    claim_id             UUID        NOT NULL REFERENCES claims (id),
    idempotency_key      TEXT        NOT NULL,
    amount_cents         BIGINT      NOT NULL CHECK (amount_cents > 0),
    currency             TEXT        NOT NULL,
    destination_account  TEXT        NOT NULL,
    status               TEXT        NOT NULL,
    stripe_transfer_id   TEXT,
    stripe_payout_id     TEXT,
    failure_reason       TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT payouts_claim_idem_key UNIQUE (claim_id, idempotency_key)
);

-- Append-only diagnostic trail of transfer attempts; never read for
-- decisions.
CREATE TABLE payout_attempts (
    id          UUID PRIMARY KEY,
    payout_id   UUID        NOT NULL REFERENCES payouts (id),
    attempt     INT         NOT NULL,
    note        TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
