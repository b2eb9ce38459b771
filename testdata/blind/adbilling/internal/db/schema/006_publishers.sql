CREATE TABLE partner_networks (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    webhook_url     TEXT NOT NULL,
    webhook_secret  TEXT NOT NULL
);

CREATE TABLE publishers (
    id                 TEXT PRIMARY KEY,
    name               TEXT        NOT NULL,
    partner_network_id TEXT        REFERENCES partner_networks (id),
    revenue_share_bps  INT         NOT NULL CHECK (revenue_share_bps BETWEEN 0 AND 10000),
    currency           CHAR(3)     NOT NULL DEFAULT 'EUR',
    available_micros   BIGINT      NOT NULL DEFAULT 0,
    payout_account_id  TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Revenue share accrued to publishers, one row per accrual.
CREATE TABLE publisher_earnings (
    id             TEXT PRIMARY KEY,
    publisher_id   TEXT        NOT NULL REFERENCES publishers (id),
    advertiser_id  TEXT        NOT NULL,
    day            DATE        NOT NULL,
    gross_micros   BIGINT      NOT NULL,
    share_micros   BIGINT      NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX publisher_earnings_pub_day_idx ON publisher_earnings (publisher_id, day);

CREATE TABLE payouts (
    id                    TEXT PRIMARY KEY,
    publisher_id          TEXT        NOT NULL REFERENCES publishers (id),
    kind                  TEXT        NOT NULL CHECK (kind IN ('scheduled', 'instant')),
    period                TEXT,
    amount_micros         BIGINT      NOT NULL,
    currency              CHAR(3)     NOT NULL,
    status                TEXT        NOT NULL DEFAULT 'scheduled'
                          CHECK (status IN ('scheduled', 'submitting', 'paid', 'failed')),
    attempt               INT         NOT NULL DEFAULT 0,
    idempotency_key       TEXT,
    provider_transfer_id  TEXT,
    failure_reason        TEXT,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
    paid_at               TIMESTAMPTZ
);
CREATE UNIQUE INDEX payouts_scheduled_period_uq ON payouts (publisher_id, period) WHERE kind = 'scheduled';

-- Append-only log of every call made to the payout provider.
CREATE TABLE payout_attempts (
    id               TEXT PRIMARY KEY,
    payout_id        TEXT        NOT NULL REFERENCES payouts (id),
    idempotency_key  TEXT,
    outcome          TEXT        NOT NULL,
    http_status      INT,
    detail           TEXT,
    attempted_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
