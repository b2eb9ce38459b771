-- Payout accounts, payouts and what the payout provider tells us about them.

CREATE TABLE payout_accounts (
    id                   UUID PRIMARY KEY,
    artist_id            UUID        NOT NULL REFERENCES artists (id),
    payrail_recipient_id TEXT        NOT NULL UNIQUE,
    method               TEXT        NOT NULL,
    last4                TEXT        NOT NULL,
    country              CHAR(2)     NOT NULL,
    currency             CHAR(3)     NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'pending_verification',
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payout_accounts_artist ON payout_accounts (artist_id);

CREATE TABLE payout_cycles (
    id           UUID PRIMARY KEY,
    period       TEXT        NOT NULL UNIQUE,
    status       TEXT        NOT NULL DEFAULT 'running',
    payout_count INT         NOT NULL DEFAULT 0,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ
);

CREATE TABLE payouts (
    id                  UUID PRIMARY KEY,
    artist_id           UUID        NOT NULL REFERENCES artists (id),
    account_id          UUID        REFERENCES payout_accounts (id),
    amount_micros       BIGINT      NOT NULL CHECK (amount_micros > 0),
    currency            CHAR(3)     NOT NULL,
    method              TEXT        NOT NULL,
    status              TEXT        NOT NULL,
    statement_id        UUID,
    cycle_id            UUID        REFERENCES payout_cycles (id),
    advance_id          TEXT        UNIQUE REFERENCES advances (id),
    payrail_transfer_id TEXT        UNIQUE,
    failure_code        TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at        TIMESTAMPTZ,
    settled_at          TIMESTAMPTZ
);
CREATE INDEX payouts_artist_status ON payouts (artist_id, status);
CREATE INDEX payouts_statement ON payouts (statement_id);

CREATE TABLE payout_returns (
    id            UUID PRIMARY KEY,
    payout_id     UUID        NOT NULL REFERENCES payouts (id),
    transfer_id   TEXT        NOT NULL UNIQUE,
    return_code   TEXT        NOT NULL,
    amount_micros BIGINT      NOT NULL,
    returned_at   TIMESTAMPTZ NOT NULL
);
