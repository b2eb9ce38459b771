CREATE TABLE settlements (
    id                        TEXT PRIMARY KEY,
    matter_number             TEXT        NOT NULL,
    caption                   TEXT        NOT NULL,
    gross_amount_cents        BIGINT      NOT NULL CHECK (gross_amount_cents >= 0),
    fee_rate_bps              INTEGER     NOT NULL CHECK (fee_rate_bps BETWEEN 0 AND 5000),
    cost_reimbursement_cents  BIGINT      NOT NULL DEFAULT 0 CHECK (cost_reimbursement_cents >= 0),
    received_cents            BIGINT      NOT NULL DEFAULT 0,
    status                    TEXT        NOT NULL DEFAULT 'open',
    allocation_version        INTEGER     NOT NULL DEFAULT 0,
    approved_by               TEXT,
    approved_at               TIMESTAMPTZ,
    closed_at                 TIMESTAMPTZ,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT settlements_status_check CHECK (status IN
        ('open', 'funded', 'allocated', 'approved', 'disbursing', 'disbursed', 'closing', 'closed'))
);

-- One settlement record per court matter.
CREATE UNIQUE INDEX settlements_matter_number_key ON settlements (matter_number);

CREATE TABLE claimants (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    external_ref        TEXT        NOT NULL,
    full_name           TEXT        NOT NULL,
    email               TEXT        NOT NULL,
    share_points        INTEGER     NOT NULL CHECK (share_points > 0),
    ach_recipient_id    TEXT,
    bank_fingerprint    TEXT,
    address_line1       TEXT        NOT NULL DEFAULT '',
    address_line2       TEXT        NOT NULL DEFAULT '',
    city                TEXT        NOT NULL DEFAULT '',
    state               TEXT        NOT NULL DEFAULT '',
    postal_code         TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT claimants_settlement_external_ref_key UNIQUE (settlement_id, external_ref)
);

CREATE INDEX claimants_settlement_idx ON claimants (settlement_id);

CREATE TABLE liens (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    claimant_id         TEXT        NOT NULL REFERENCES claimants (id),
    lienholder_name     TEXT        NOT NULL,
    lienholder_ref      TEXT        NOT NULL,
    payee_line1         TEXT        NOT NULL,
    payee_line2         TEXT        NOT NULL DEFAULT '',
    payee_city          TEXT        NOT NULL,
    payee_state         TEXT        NOT NULL,
    payee_postal_code   TEXT        NOT NULL,
    asserted_cents      BIGINT      NOT NULL CHECK (asserted_cents >= 0),
    final_cents         BIGINT,
    paid_cents          BIGINT      NOT NULL DEFAULT 0,
    status              TEXT        NOT NULL DEFAULT 'asserted',
    resolved_at         TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT liens_status_check CHECK (status IN ('asserted', 'resolved', 'paying', 'paid', 'released')),
    CONSTRAINT liens_claim_key UNIQUE (settlement_id, claimant_id, lienholder_ref)
);

CREATE INDEX liens_claimant_idx ON liens (claimant_id);

-- Incoming wires into the IOLTA trust account. Wire references are assigned
-- by the originating bank and are not unique across banks, so they are kept
-- for matching only.
CREATE TABLE deposits (
    id              TEXT PRIMARY KEY,
    settlement_id   TEXT        NOT NULL REFERENCES settlements (id),
    amount_cents    BIGINT      NOT NULL CHECK (amount_cents > 0),
    wire_reference  TEXT        NOT NULL,
    payer_name      TEXT        NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL,
    journal_id      UUID,
    created_by      TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX deposits_settlement_idx ON deposits (settlement_id);
CREATE INDEX deposits_wire_reference_idx ON deposits (wire_reference);
