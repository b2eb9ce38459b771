CREATE TABLE declarations (
    id             TEXT PRIMARY KEY,
    shipment_id    TEXT NOT NULL UNIQUE REFERENCES shipments (id),
    importer_id    TEXT NOT NULL REFERENCES importers (id),
    lrn            TEXT NOT NULL UNIQUE,
    mrn            TEXT UNIQUE,
    procedure_code TEXT NOT NULL,
    status         TEXT NOT NULL,
    duty_cents     BIGINT NOT NULL DEFAULT 0,
    vat_cents      BIGINT NOT NULL DEFAULT 0,
    currency       CHAR(3) NOT NULL,
    decision       TEXT,
    decision_note  TEXT,
    workflow_id    TEXT NOT NULL,
    filed_at       TIMESTAMPTZ,
    decided_at     TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE declaration_amendments (
    id              TEXT PRIMARY KEY,
    declaration_id  TEXT NOT NULL REFERENCES declarations (id),
    amendment_ref   TEXT NOT NULL,
    reason          TEXT NOT NULL,
    changes         JSONB NOT NULL,
    status          TEXT NOT NULL,
    authority_ack   TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX declaration_amendments_decl_idx ON declaration_amendments (declaration_id);

CREATE TABLE duty_payments (
    id                   TEXT PRIMARY KEY,
    declaration_id       TEXT NOT NULL UNIQUE REFERENCES declarations (id),
    importer_id          TEXT NOT NULL REFERENCES importers (id),
    amount_cents         BIGINT NOT NULL,
    currency             CHAR(3) NOT NULL,
    status               TEXT NOT NULL,
    idempotency_key      TEXT NOT NULL UNIQUE,
    provider_payment_id  TEXT,
    failure_reason       TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_attempts (
    id            TEXT PRIMARY KEY,
    payment_id    TEXT NOT NULL,
    attempt       INT NOT NULL,
    outcome       TEXT NOT NULL,
    detail        TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payment_attempts_payment_idx ON payment_attempts (payment_id);

CREATE TABLE deposits (
    id                   TEXT PRIMARY KEY,
    shipment_id          TEXT NOT NULL REFERENCES shipments (id),
    importer_id          TEXT NOT NULL REFERENCES importers (id),
    amount_cents         BIGINT NOT NULL,
    currency             CHAR(3) NOT NULL,
    status               TEXT NOT NULL,
    provider_payment_id  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                  TEXT PRIMARY KEY,
    deposit_id          TEXT NOT NULL REFERENCES deposits (id),
    shipment_id         TEXT NOT NULL REFERENCES shipments (id),
    amount_cents        BIGINT NOT NULL,
    provider_refund_id  TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE hold_alerts (
    id              TEXT PRIMARY KEY,
    declaration_id  TEXT NOT NULL REFERENCES declarations (id),
    channel         TEXT NOT NULL,
    destination     TEXT NOT NULL,
    provider_msg_id TEXT,
    sent_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tariff_rates (
    hs_code         TEXT PRIMARY KEY,
    duty_rate_bps   INT NOT NULL,
    effective_from  DATE NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tariff_rate_changes (
    change_id       TEXT PRIMARY KEY,
    hs_code         TEXT NOT NULL,
    duty_rate_bps   INT NOT NULL,
    effective_from  DATE NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
