-- +goose Up
CREATE TABLE cards (
    id                   text PRIMARY KEY,
    donor_id             text NOT NULL REFERENCES donors (id),
    issuer_card_id       text NOT NULL,
    last4                text NOT NULL,
    status               text NOT NULL DEFAULT 'inactive'
                         CHECK (status IN ('inactive', 'active', 'blocked', 'replaced', 'closed')),
    status_updated_at    timestamptz NOT NULL,
    settled_total_cents  bigint NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT cards_issuer_card_id_key UNIQUE (issuer_card_id)
);

-- One live card per donor; replaced and closed cards are kept for history.
CREATE UNIQUE INDEX cards_one_live_per_donor ON cards (donor_id)
    WHERE status IN ('inactive', 'active', 'blocked');

-- Card orders: first issue and replacements. request_id is supplied by the
-- front-desk client for replacements.
CREATE TABLE card_requests (
    id              text PRIMARY KEY,
    donor_id        text NOT NULL REFERENCES donors (id),
    kind            text NOT NULL CHECK (kind IN ('issue', 'replace')),
    request_id      text,
    status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'fulfilled', 'failed')),
    issuer_card_id  text,
    requested_by    text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    fulfilled_at    timestamptz,
    CONSTRAINT card_requests_donor_request_key UNIQUE (donor_id, request_id)
);

CREATE UNIQUE INDEX card_requests_one_pending_issue ON card_requests (donor_id)
    WHERE kind = 'issue' AND status = 'pending';

CREATE TABLE payouts (
    id                  text PRIMARY KEY,
    donor_id            text NOT NULL REFERENCES donors (id),
    session_id          text REFERENCES donation_sessions (id),
    kind                text NOT NULL CHECK (kind IN ('donation', 'adjustment', 'milestone')),
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    currency            text NOT NULL DEFAULT 'USD',
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'submitted', 'settled', 'failed')),
    issuer_transfer_id  text,
    failure_reason      text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_session_kind_key UNIQUE (session_id, kind)
);

CREATE UNIQUE INDEX payouts_issuer_transfer_key ON payouts (issuer_transfer_id)
    WHERE issuer_transfer_id IS NOT NULL;

-- Append-only log of every call we make to the issuer for a payout.
CREATE TABLE payout_attempts (
    id            text PRIMARY KEY,
    payout_id     text NOT NULL REFERENCES payouts (id),
    attempt       integer NOT NULL,
    outcome       text NOT NULL,
    detail        text NOT NULL DEFAULT '',
    attempted_at  timestamptz NOT NULL
);

CREATE INDEX payout_attempts_payout_idx ON payout_attempts (payout_id);

CREATE TABLE balance_adjustments (
    id            text PRIMARY KEY,
    donor_id      text NOT NULL REFERENCES donors (id),
    payout_id     text NOT NULL REFERENCES payouts (id),
    amount_cents  bigint NOT NULL,
    reason_code   text NOT NULL,
    note          text NOT NULL DEFAULT '',
    approved_by   text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE milestone_awards (
    donor_id            text NOT NULL REFERENCES donors (id),
    milestone           text NOT NULL,
    amount_cents        bigint NOT NULL,
    status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
    issuer_transfer_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    paid_at             timestamptz,
    PRIMARY KEY (donor_id, milestone)
);

-- +goose Down
DROP TABLE milestone_awards;
DROP TABLE balance_adjustments;
DROP TABLE payout_attempts;
DROP TABLE payouts;
DROP TABLE card_requests;
DROP TABLE cards;
