CREATE TABLE handling_charges (
    id           TEXT PRIMARY KEY,
    merchant_id  TEXT NOT NULL REFERENCES merchants(id),
    order_id     TEXT NOT NULL,
    fee_code     TEXT NOT NULL,
    quantity     INTEGER NOT NULL DEFAULT 1,
    amount_cents BIGINT NOT NULL,
    invoice_id   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE storage_charges (
    id             TEXT PRIMARY KEY,
    merchant_id    TEXT NOT NULL REFERENCES merchants(id),
    period         TEXT NOT NULL,
    cbm_days       NUMERIC(14,4) NOT NULL,
    amount_cents   BIGINT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'pending',
    psp_charge_id  TEXT,
    failure_reason TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    charged_at     TIMESTAMPTZ
);

CREATE TABLE invoices (
    id           TEXT PRIMARY KEY,
    merchant_id  TEXT NOT NULL REFERENCES merchants(id),
    period       TEXT NOT NULL,
    total_cents  BIGINT NOT NULL,
    currency     TEXT NOT NULL DEFAULT 'USD',
    status       TEXT NOT NULL DEFAULT 'open',
    paid_at      TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_attempts (
    id            TEXT PRIMARY KEY,
    invoice_id    TEXT NOT NULL REFERENCES invoices(id),
    amount_cents  BIGINT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending',
    psp_charge_id TEXT,
    error         TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
