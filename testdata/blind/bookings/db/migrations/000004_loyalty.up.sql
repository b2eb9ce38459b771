CREATE TABLE loyalty_accounts (
    member_id       TEXT PRIMARY KEY,
    points_balance  BIGINT      NOT NULL DEFAULT 0,
    tier            TEXT        NOT NULL DEFAULT 'blue',
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Append-only ledger of point movements.
CREATE TABLE loyalty_ledger (
    id          TEXT PRIMARY KEY,
    member_id   TEXT        NOT NULL REFERENCES loyalty_accounts (member_id),
    booking_id  UUID,
    points      BIGINT      NOT NULL,
    reason      TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX loyalty_ledger_member_idx ON loyalty_ledger (member_id, created_at);

CREATE TABLE loyalty_redemptions (
    redemption_ref  TEXT PRIMARY KEY,
    member_id       TEXT        NOT NULL REFERENCES loyalty_accounts (member_id),
    points          BIGINT      NOT NULL,
    reward_code     TEXT        NOT NULL,
    voucher_code    TEXT        NOT NULL,
    status          TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_tiers (
    member_id         TEXT        NOT NULL REFERENCES loyalty_accounts (member_id),
    period            TEXT        NOT NULL,
    tier              TEXT        NOT NULL,
    points_in_period  BIGINT      NOT NULL,
    computed_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (member_id, period)
);
