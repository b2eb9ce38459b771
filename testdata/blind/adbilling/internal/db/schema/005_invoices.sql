CREATE TABLE invoices (
    id              TEXT PRIMARY KEY,
    number          TEXT        NOT NULL UNIQUE,
    advertiser_id   TEXT        NOT NULL REFERENCES advertisers (id),
    period          TEXT        NOT NULL, -- YYYY-MM
    subtotal_micros BIGINT      NOT NULL,
    credits_micros  BIGINT      NOT NULL DEFAULT 0,
    total_micros    BIGINT      NOT NULL,
    currency        CHAR(3)     NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'issued'
                    CHECK (status IN ('issued', 'sent', 'void')),
    issued_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    emailed_at      TIMESTAMPTZ,
    voided_at       TIMESTAMPTZ,
    CONSTRAINT invoices_adv_period_uq UNIQUE (advertiser_id, period)
);

CREATE TABLE invoice_lines (
    invoice_id     TEXT        NOT NULL REFERENCES invoices (id),
    line_no        INT         NOT NULL,
    campaign_id    TEXT,
    description    TEXT        NOT NULL,
    quantity       BIGINT      NOT NULL,
    amount_micros  BIGINT      NOT NULL,
    PRIMARY KEY (invoice_id, line_no)
);

CREATE TABLE credit_notes (
    id             TEXT PRIMARY KEY,
    invoice_id     TEXT        NOT NULL REFERENCES invoices (id),
    advertiser_id  TEXT        NOT NULL REFERENCES advertisers (id),
    amount_micros  BIGINT      NOT NULL,
    currency       CHAR(3)     NOT NULL,
    reason         TEXT        NOT NULL,
    applies_to_balance BOOLEAN NOT NULL DEFAULT TRUE,
    issued_by      TEXT        NOT NULL,
    issued_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per invoice email actually handed to the email provider.
CREATE TABLE invoice_dispatches (
    dispatch_id          TEXT PRIMARY KEY,
    invoice_id           TEXT        NOT NULL REFERENCES invoices (id),
    recipient            TEXT        NOT NULL,
    provider_message_id  TEXT        NOT NULL,
    sent_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
