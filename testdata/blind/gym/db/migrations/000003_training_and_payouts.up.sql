CREATE TABLE trainers (
    id                  UUID PRIMARY KEY,
    full_name           TEXT NOT NULL,
    email               TEXT NOT NULL,
    stripe_account_id   TEXT NOT NULL DEFAULT '',
    session_rate_cents  BIGINT NOT NULL,
    active              BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE pt_packs (
    id                  UUID PRIMARY KEY,
    member_id           UUID NOT NULL REFERENCES members (id),
    trainer_id          UUID REFERENCES trainers (id),
    sessions_total      INT NOT NULL,
    sessions_remaining  INT NOT NULL CHECK (sessions_remaining >= 0),
    price_cents         BIGINT NOT NULL,
    currency            TEXT NOT NULL DEFAULT 'usd',
    status              TEXT NOT NULL CHECK (status IN ('pending_payment', 'active', 'exhausted', 'refunded')),
    stripe_intent_id    TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX pt_packs_member_idx ON pt_packs (member_id);

CREATE TABLE pt_bookings (
    id              UUID PRIMARY KEY,
    pack_id         UUID NOT NULL REFERENCES pt_packs (id),
    trainer_id      UUID NOT NULL REFERENCES trainers (id),
    member_id       UUID NOT NULL REFERENCES members (id),
    starts_at       TIMESTAMPTZ NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('booked', 'attended', 'settled', 'canceled')),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT pt_bookings_trainer_slot_key UNIQUE (trainer_id, starts_at)
);

CREATE TABLE pt_redemptions (
    booking_id      UUID PRIMARY KEY REFERENCES pt_bookings (id),
    pack_id         UUID NOT NULL REFERENCES pt_packs (id),
    trainer_id      UUID NOT NULL REFERENCES trainers (id),
    redeemed_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    note            TEXT NOT NULL DEFAULT ''
);

CREATE TABLE pt_transfers (
    idempotency_key TEXT PRIMARY KEY,
    from_pack_id    UUID NOT NULL REFERENCES pt_packs (id),
    to_pack_id      UUID NOT NULL REFERENCES pt_packs (id),
    sessions        INT NOT NULL CHECK (sessions > 0),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE trainer_earnings (
    booking_id      UUID PRIMARY KEY REFERENCES pt_bookings (id),
    trainer_id      UUID NOT NULL REFERENCES trainers (id),
    period          TEXT NOT NULL,
    amount_cents    BIGINT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX trainer_earnings_period_idx ON trainer_earnings (period, trainer_id);

CREATE TABLE trainer_payouts (
    id                  TEXT PRIMARY KEY,
    trainer_id          UUID NOT NULL REFERENCES trainers (id),
    period              TEXT NOT NULL,
    amount_cents        BIGINT NOT NULL,
    sessions            INT NOT NULL,
    status              TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    stripe_transfer_id  TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX trainer_payouts_period_idx ON trainer_payouts (period, trainer_id);
