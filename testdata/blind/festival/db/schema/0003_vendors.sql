-- +goose Up
CREATE TABLE vendors (
    id              UUID PRIMARY KEY,
    name            TEXT NOT NULL,
    payout_account  TEXT NOT NULL,
    fee_bps         INT NOT NULL DEFAULT 500,
    hourly_fee_cents BIGINT NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE terminals (
    id         TEXT PRIMARY KEY,
    vendor_id  UUID NOT NULL REFERENCES vendors (id),
    label      TEXT NOT NULL DEFAULT '',
    last_seq   BIGINT NOT NULL DEFAULT 0,
    last_seen  TIMESTAMPTZ
);

CREATE TABLE pos_batches (
    terminal_id TEXT NOT NULL REFERENCES terminals (id),
    batch_seq   BIGINT NOT NULL,
    item_count  INT NOT NULL,
    total_cents BIGINT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (terminal_id, batch_seq)
);

CREATE TABLE sales (
    terminal_id   TEXT NOT NULL REFERENCES terminals (id),
    local_seq     BIGINT NOT NULL,
    vendor_id     UUID NOT NULL REFERENCES vendors (id),
    wristband_uid TEXT NOT NULL,
    wallet_id     UUID NOT NULL REFERENCES wallets (id),
    amount_cents  BIGINT NOT NULL,
    sold_at       TIMESTAMPTZ NOT NULL,
    settlement_id UUID,
    voided        BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (terminal_id, local_seq)
);

CREATE INDEX sales_vendor_unsettled_idx ON sales (vendor_id) WHERE settlement_id IS NULL;

CREATE TABLE sale_voids (
    terminal_id TEXT NOT NULL,
    local_seq   BIGINT NOT NULL,
    reason      TEXT NOT NULL,
    voided_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (terminal_id, local_seq)
);

CREATE TABLE vendor_fees (
    id           TEXT PRIMARY KEY,
    vendor_id    UUID NOT NULL REFERENCES vendors (id),
    amount_cents BIGINT NOT NULL,
    period_start TIMESTAMPTZ NOT NULL,
    settlement_id UUID,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE settlements (
    id           UUID PRIMARY KEY,
    vendor_id    UUID NOT NULL REFERENCES vendors (id),
    period_start DATE NOT NULL,
    period_end   DATE NOT NULL,
    gross_cents  BIGINT NOT NULL,
    fee_cents    BIGINT NOT NULL,
    net_cents    BIGINT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'paid')),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (vendor_id, period_start)
);

CREATE TABLE payouts (
    id            TEXT PRIMARY KEY,
    vendor_id     UUID NOT NULL REFERENCES vendors (id),
    settlement_id UUID UNIQUE REFERENCES settlements (id),
    kind          TEXT NOT NULL DEFAULT 'settlement' CHECK (kind IN ('settlement', 'early')),
    amount_cents  BIGINT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'submitted', 'paid', 'failed')),
    psp_reference TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payout_events (
    event_id    TEXT PRIMARY KEY,
    payout_id   TEXT NOT NULL,
    status      TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
