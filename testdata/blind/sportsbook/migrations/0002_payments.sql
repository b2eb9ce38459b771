-- +migrate Up

CREATE TABLE deposits (
    id              TEXT PRIMARY KEY,
    player_id       TEXT NOT NULL REFERENCES players(id),
    request_id      TEXT NOT NULL,
    amount          BIGINT NOT NULL CHECK (amount > 0),
    currency        CHAR(3) NOT NULL,
    method_token    TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'authorised', 'succeeded', 'failed', 'refunded', 'charged_back')),
    psp_payment_id  TEXT UNIQUE,
    failure_code    TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at    TIMESTAMPTZ,
    CONSTRAINT deposits_player_request_uniq UNIQUE (player_id, request_id)
);

CREATE INDEX deposits_pending_idx ON deposits (created_at) WHERE status IN ('pending', 'authorised');

CREATE TABLE deposit_refunds (
    id              TEXT PRIMARY KEY,
    deposit_id      TEXT NOT NULL REFERENCES deposits(id),
    amount          BIGINT NOT NULL CHECK (amount > 0),
    psp_refund_id   TEXT,
    reason          TEXT NOT NULL,
    operator        TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE chargebacks (
    psp_chargeback_id  TEXT PRIMARY KEY,
    deposit_id         TEXT NOT NULL REFERENCES deposits(id),
    amount             BIGINT NOT NULL,
    reason_code        TEXT NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE withdrawals (
    id                 TEXT PRIMARY KEY,
    player_id          TEXT NOT NULL REFERENCES players(id),
    amount             BIGINT NOT NULL CHECK (amount > 0),
    currency           CHAR(3) NOT NULL,
    destination        TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'requested'
                       CHECK (status IN ('requested', 'approved', 'sending', 'sent', 'paid', 'failed', 'cancelled')),
    payout_reference   TEXT,
    partner_payout_id  TEXT UNIQUE,
    failure_reason     TEXT,
    requested_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    approved_at        TIMESTAMPTZ,
    approved_by        TEXT,
    sent_at            TIMESTAMPTZ,
    completed_at       TIMESTAMPTZ
);

CREATE INDEX withdrawals_status_idx ON withdrawals (status, requested_at);

CREATE TABLE payout_events (
    partner_event_id   TEXT PRIMARY KEY,
    withdrawal_id      TEXT NOT NULL REFERENCES withdrawals(id),
    status             TEXT NOT NULL,
    received_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +migrate Down
DROP TABLE payout_events;
DROP TABLE withdrawals;
DROP TABLE chargebacks;
DROP TABLE deposit_refunds;
DROP TABLE deposits;
