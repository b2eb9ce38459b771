-- +goose Up
CREATE TABLE fines (
    id           TEXT PRIMARY KEY,
    patron_id    TEXT NOT NULL REFERENCES patrons (id),
    loan_id      TEXT NOT NULL REFERENCES loans (id),
    kind         TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    assessed_on  DATE NOT NULL,
    status       TEXT NOT NULL DEFAULT 'open',
    payment_id   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX fines_patron_open_idx ON fines (patron_id) WHERE status = 'open';
-- A loan is billed as lost at most once.
CREATE UNIQUE INDEX fines_lost_once_idx ON fines (loan_id) WHERE kind = 'lost';

CREATE TABLE fine_events (
    id         BIGSERIAL PRIMARY KEY,
    fine_id    TEXT NOT NULL REFERENCES fines (id),
    action     TEXT NOT NULL,
    staff_id   TEXT,
    note       TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                       TEXT PRIMARY KEY,
    patron_id                TEXT NOT NULL REFERENCES patrons (id),
    request_key              TEXT NOT NULL,
    amount_cents             BIGINT NOT NULL,
    status                   TEXT NOT NULL,
    source                   TEXT NOT NULL,
    stripe_payment_intent_id TEXT,
    failure_reason           TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (patron_id, request_key)
);
CREATE UNIQUE INDEX payments_intent_idx ON payments (stripe_payment_intent_id);

CREATE TABLE payment_fines (
    payment_id TEXT NOT NULL REFERENCES payments (id),
    fine_id    TEXT NOT NULL REFERENCES fines (id),
    PRIMARY KEY (payment_id, fine_id)
);

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    payment_id       TEXT NOT NULL REFERENCES payments (id),
    fine_id          TEXT NOT NULL REFERENCES fines (id),
    amount_cents     BIGINT NOT NULL,
    stripe_refund_id TEXT NOT NULL,
    reason           TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (payment_id, fine_id)
);

CREATE TABLE ledger_entries (
    id           TEXT PRIMARY KEY,
    patron_id    TEXT NOT NULL REFERENCES patrons (id),
    amount_cents BIGINT NOT NULL,
    reason       TEXT NOT NULL,
    ref          TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE ledger_entries;
DROP TABLE refunds;
DROP TABLE payment_fines;
DROP TABLE payments;
DROP TABLE fine_events;
DROP TABLE fines;
