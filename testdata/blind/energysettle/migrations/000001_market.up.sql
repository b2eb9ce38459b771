-- Market data received from the market operator.

CREATE TABLE meter_reads (
    id                 BIGSERIAL PRIMARY KEY,
    mpan               TEXT          NOT NULL,
    settlement_date    DATE          NOT NULL,
    settlement_period  SMALLINT      NOT NULL CHECK (settlement_period BETWEEN 1 AND 50),
    read_type          CHAR(1)       NOT NULL CHECK (read_type IN ('A', 'E')),
    kwh                NUMERIC(14,3) NOT NULL,
    correction_ref     TEXT,
    source_message_id  TEXT          NOT NULL,
    received_at        TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT meter_reads_natural_key UNIQUE (mpan, settlement_date, settlement_period, read_type)
);

CREATE INDEX meter_reads_date_idx ON meter_reads (settlement_date);

CREATE TABLE meter_read_adjustments (
    id              UUID PRIMARY KEY,
    meter_read_id   BIGINT        NOT NULL REFERENCES meter_reads (id),
    correction_ref  TEXT          NOT NULL,
    previous_kwh    NUMERIC(14,3) NOT NULL,
    delta_kwh       NUMERIC(14,3) NOT NULL,
    reason          TEXT          NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT meter_read_adjustments_correction_ref_key UNIQUE (correction_ref)
);

CREATE TABLE manual_meter_reads (
    id          UUID PRIMARY KEY,
    mpan        TEXT          NOT NULL,
    read_at     TIMESTAMPTZ   NOT NULL,
    register    TEXT          NOT NULL DEFAULT '1',
    reading     NUMERIC(12,1) NOT NULL,
    entered_by  TEXT          NOT NULL,
    note        TEXT          NOT NULL DEFAULT '',
    status      TEXT          NOT NULL DEFAULT 'pending_validation',
    created_at  TIMESTAMPTZ   NOT NULL DEFAULT now()
);

CREATE INDEX manual_meter_reads_mpan_idx ON manual_meter_reads (mpan, read_at);

CREATE TABLE registrations (
    id              BIGSERIAL PRIMARY KEY,
    mpan            TEXT        NOT NULL,
    account_id      UUID        NOT NULL,
    bm_unit_id      TEXT        NOT NULL,
    effective_from  DATE        NOT NULL,
    effective_to    DATE,
    change_ref      TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT registrations_change_ref_key UNIQUE (change_ref)
);

CREATE UNIQUE INDEX registrations_current_idx ON registrations (mpan) WHERE effective_to IS NULL;

CREATE TABLE system_prices (
    settlement_date    DATE          NOT NULL,
    settlement_period  SMALLINT      NOT NULL,
    system_buy_price   NUMERIC(10,2) NOT NULL,
    system_sell_price  NUMERIC(10,2) NOT NULL,
    price_run_type     TEXT          NOT NULL,
    published_at       TIMESTAMPTZ   NOT NULL,
    PRIMARY KEY (settlement_date, settlement_period)
);

CREATE TABLE counterparties (
    id          UUID PRIMARY KEY,
    party_code  TEXT        NOT NULL UNIQUE,
    name        TEXT        NOT NULL,
    active      BOOLEAN     NOT NULL DEFAULT true,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE trades (
    id                 BIGSERIAL PRIMARY KEY,
    trade_ref          TEXT          NOT NULL,
    counterparty_id    UUID          NOT NULL REFERENCES counterparties (id),
    bm_unit_id         TEXT          NOT NULL,
    direction          TEXT          NOT NULL CHECK (direction IN ('BUY', 'SELL')),
    volume_mwh         NUMERIC(12,3) NOT NULL,
    price_gbp_per_mwh  NUMERIC(10,2) NOT NULL,
    delivery_date      DATE          NOT NULL,
    settlement_period  SMALLINT      NOT NULL,
    status             TEXT          NOT NULL DEFAULT 'confirmed',
    confirmed_at       TIMESTAMPTZ   NOT NULL,
    cancelled_at       TIMESTAMPTZ,
    CONSTRAINT trades_trade_ref_key UNIQUE (trade_ref)
);

CREATE INDEX trades_delivery_idx ON trades (delivery_date, bm_unit_id);
CREATE INDEX trades_counterparty_idx ON trades (counterparty_id, delivery_date);

CREATE TABLE trade_reversals (
    id          UUID PRIMARY KEY,
    trade_id    BIGINT      NOT NULL REFERENCES trades (id),
    trade_ref   TEXT        NOT NULL,
    reason      TEXT        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE settlement_runs (
    run_id           TEXT PRIMARY KEY,
    settlement_date  DATE        NOT NULL,
    run_type         TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'received',
    received_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    computed_at      TIMESTAMPTZ
);

CREATE INDEX settlement_runs_date_idx ON settlement_runs (settlement_date, received_at DESC);

CREATE TABLE imbalance_charges (
    id                 UUID PRIMARY KEY,
    run_id             TEXT          NOT NULL REFERENCES settlement_runs (run_id),
    bm_unit_id         TEXT          NOT NULL,
    settlement_date    DATE          NOT NULL,
    settlement_period  SMALLINT      NOT NULL,
    contracted_mwh     NUMERIC(12,3) NOT NULL,
    metered_mwh        NUMERIC(12,3) NOT NULL,
    imbalance_mwh      NUMERIC(12,3) NOT NULL,
    price_gbp_per_mwh  NUMERIC(10,2) NOT NULL,
    amount_pence       BIGINT        NOT NULL,
    created_at         TIMESTAMPTZ   NOT NULL DEFAULT now()
);

CREATE INDEX imbalance_charges_run_idx ON imbalance_charges (run_id, bm_unit_id, settlement_period);

CREATE TABLE trading_disputes (
    id           UUID PRIMARY KEY,
    dispute_ref  TEXT        NOT NULL UNIQUE,
    run_id       TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'open',
    raised_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    resolved_at  TIMESTAMPTZ
);

CREATE TABLE dispute_adjustments (
    id            UUID PRIMARY KEY,
    dispute_ref   TEXT        NOT NULL,
    outcome_id    TEXT        NOT NULL,
    bm_unit_id    TEXT        NOT NULL,
    amount_pence  BIGINT      NOT NULL,
    narrative     TEXT        NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX dispute_adjustments_dispute_idx ON dispute_adjustments (dispute_ref);

CREATE TABLE credit_cover_calls (
    call_ref      TEXT PRIMARY KEY,
    amount_pence  BIGINT      NOT NULL,
    due_by        TIMESTAMPTZ NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    notified_at   TIMESTAMPTZ
);

CREATE TABLE processed_events (
    consumer      TEXT        NOT NULL,
    event_id      TEXT        NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
