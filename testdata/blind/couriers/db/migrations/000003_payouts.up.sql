CREATE TABLE payout_runs (
    id            uuid        PRIMARY KEY,
    period_start  date        NOT NULL UNIQUE,
    period_end    date        NOT NULL,
    status        text        NOT NULL DEFAULT 'open'
                              CHECK (status IN ('open', 'built', 'executing', 'completed')),
    created_by    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (period_end > period_start)
);

CREATE TABLE payouts (
    id                  uuid        PRIMARY KEY,
    run_id              uuid        NOT NULL REFERENCES payout_runs (id),
    courier_id          uuid        NOT NULL REFERENCES couriers (id),
    gross_cents         bigint      NOT NULL,
    tips_cents          bigint      NOT NULL,
    credits_cents       bigint      NOT NULL DEFAULT 0,
    deductions_cents    bigint      NOT NULL DEFAULT 0,
    net_cents           bigint      NOT NULL,
    currency            text        NOT NULL DEFAULT 'usd',
    status              text        NOT NULL DEFAULT 'pending'
                                    CHECK (status IN ('pending', 'transferring', 'paid', 'failed', 'reversed', 'skipped')),
    stripe_transfer_id  text        UNIQUE,
    statement_sent_at   timestamptz,
    paid_at             timestamptz,
    reversed_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (run_id, courier_id)
);

CREATE INDEX payouts_status_idx ON payouts (status);

-- Instant cash-outs requested from the courier app.
CREATE TABLE cashouts (
    id                  uuid        PRIMARY KEY,
    courier_id          uuid        NOT NULL REFERENCES couriers (id),
    client_request_id   text        NOT NULL,
    amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
    fee_cents           bigint      NOT NULL DEFAULT 0,
    status              text        NOT NULL DEFAULT 'requested'
                                    CHECK (status IN ('requested', 'paid', 'failed')),
    stripe_transfer_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (courier_id, client_request_id)
);

CREATE TABLE payout_reversals (
    id                  uuid        PRIMARY KEY,
    payout_id           uuid        NOT NULL UNIQUE REFERENCES payouts (id),
    amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
    reason              text        NOT NULL,
    requested_by        text        NOT NULL,
    status              text        NOT NULL DEFAULT 'requested'
                                    CHECK (status IN ('requested', 'reversed', 'confirmed', 'failed')),
    stripe_reversal_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

-- Advances against the next weekly payout, recovered when the run is built.
CREATE TABLE advances (
    id                   uuid        PRIMARY KEY,
    courier_id           uuid        NOT NULL REFERENCES couriers (id),
    amount_cents         bigint      NOT NULL CHECK (amount_cents > 0),
    status               text        NOT NULL DEFAULT 'requested'
                                     CHECK (status IN ('requested', 'paid', 'failed')),
    stripe_transfer_id   text,
    recovered_payout_id  uuid        REFERENCES payouts (id),
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX advances_outstanding_idx ON advances (courier_id)
    WHERE status = 'paid' AND recovered_payout_id IS NULL;

-- Money owed to a courier that has to be carried into a later run
-- (e.g. a transfer reversed because the connected account was closed).
CREATE TABLE payout_credits (
    id                 uuid        PRIMARY KEY,
    courier_id         uuid        NOT NULL REFERENCES couriers (id),
    source_payout_id   uuid        NOT NULL REFERENCES payouts (id),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    reason             text        NOT NULL,
    applied_payout_id  uuid        REFERENCES payouts (id),
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payout_credits_open_idx ON payout_credits (courier_id) WHERE applied_payout_id IS NULL;
