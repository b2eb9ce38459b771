-- Counterparty settlement statements and regulatory filings.

CREATE TABLE statements (
    id                   UUID PRIMARY KEY,
    counterparty_id      UUID        NOT NULL REFERENCES counterparties (id),
    period_start         DATE        NOT NULL,
    period_end           DATE        NOT NULL,
    version              INT         NOT NULL DEFAULT 1,
    trade_count          INT         NOT NULL,
    net_amount_pence     BIGINT      NOT NULL,
    status               TEXT        NOT NULL,
    sns_message_id       TEXT        NOT NULL DEFAULT '',
    ack_ref              TEXT,
    published_at         TIMESTAMPTZ NOT NULL,
    acknowledged_at      TIMESTAMPTZ,
    last_republished_at  TIMESTAMPTZ,
    CONSTRAINT statements_counterparty_period_version_key UNIQUE (counterparty_id, period_start, version)
);

CREATE TABLE statement_disputes (
    id            UUID PRIMARY KEY,
    statement_id  UUID        NOT NULL REFERENCES statements (id),
    dispute_ref   TEXT        NOT NULL,
    reason        TEXT        NOT NULL,
    amount_pence  BIGINT      NOT NULL DEFAULT 0,
    raised_at     TIMESTAMPTZ NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'open',
    CONSTRAINT statement_disputes_statement_ref_key UNIQUE (statement_id, dispute_ref)
);

CREATE TABLE regulatory_filings (
    id                 UUID PRIMARY KEY,
    report_date        DATE        NOT NULL,
    report_type        TEXT        NOT NULL,
    submission_id      TEXT        NOT NULL UNIQUE,
    status             TEXT        NOT NULL DEFAULT 'pending',
    regulator_receipt  TEXT,
    attempts           INT         NOT NULL DEFAULT 0,
    last_error         TEXT        NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at       TIMESTAMPTZ,
    CONSTRAINT regulatory_filings_date_type_key UNIQUE (report_date, report_type)
);

CREATE TABLE filing_amendments (
    id                 UUID PRIMARY KEY,
    filing_id          UUID        NOT NULL REFERENCES regulatory_filings (id),
    amendment_ref      TEXT        NOT NULL UNIQUE,
    reason             TEXT        NOT NULL,
    status             TEXT        NOT NULL DEFAULT 'pending',
    regulator_receipt  TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at       TIMESTAMPTZ
);
