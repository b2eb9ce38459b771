-- +goose Up
CREATE TABLE excise_filings (
    id                   UUID PRIMARY KEY,
    state                CHAR(2)       NOT NULL,
    period_start         DATE          NOT NULL,
    period_end           DATE          NOT NULL,
    barrels              NUMERIC(12, 4) NOT NULL,
    tax_cents            BIGINT        NOT NULL,
    status               TEXT          NOT NULL DEFAULT 'draft'
                         CHECK (status IN ('draft', 'submitting', 'submitted', 'accepted', 'rejected')),
    confirmation_number  TEXT,
    rejection_reason     TEXT,
    created_at           TIMESTAMPTZ   NOT NULL DEFAULT now(),
    submitted_at         TIMESTAMPTZ,
    CONSTRAINT excise_filings_state_period_uniq UNIQUE (state, period_start)
);

CREATE TABLE excise_amendments (
    id               UUID PRIMARY KEY,
    filing_id        UUID          NOT NULL REFERENCES excise_filings (id),
    reason           TEXT          NOT NULL,
    barrels_delta    NUMERIC(12, 4) NOT NULL,
    tax_delta_cents  BIGINT        NOT NULL,
    portal_ref       TEXT          NOT NULL,
    created_at       TIMESTAMPTZ   NOT NULL DEFAULT now()
);

CREATE TABLE taxportal_events (
    event_id     TEXT PRIMARY KEY,
    filing_id    UUID,
    kind         TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE taxportal_events;
DROP TABLE excise_amendments;
DROP TABLE excise_filings;
