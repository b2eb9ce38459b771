CREATE TABLE allocations (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    claimant_id         TEXT        NOT NULL REFERENCES claimants (id),
    version             INTEGER     NOT NULL,
    gross_share_cents   BIGINT      NOT NULL,
    fee_cents           BIGINT      NOT NULL,
    cost_cents          BIGINT      NOT NULL,
    lien_cents          BIGINT      NOT NULL,
    holdback_cents      BIGINT      NOT NULL,
    net_cents           BIGINT      NOT NULL CHECK (net_cents >= 0),
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT allocations_settlement_claimant_key UNIQUE (settlement_id, claimant_id)
);

CREATE TABLE disbursements (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    claimant_id         TEXT        NOT NULL REFERENCES claimants (id),
    allocation_id       TEXT        NOT NULL REFERENCES allocations (id),
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_payment_id TEXT,
    return_code         TEXT,
    reissue_count       INTEGER     NOT NULL DEFAULT 0,
    submitted_at        TIMESTAMPTZ,
    settled_at          TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT disbursements_status_check CHECK (status IN
        ('pending', 'submitted', 'settled', 'returned', 'failed')),
    CONSTRAINT disbursements_allocation_key UNIQUE (allocation_id),
    CONSTRAINT disbursements_provider_payment_key UNIQUE (provider_payment_id)
);

CREATE INDEX disbursements_settlement_idx ON disbursements (settlement_id);
CREATE INDEX disbursements_status_idx ON disbursements (status, submitted_at);

-- Append-only log of every status poll against the payments provider.
CREATE TABLE payment_status_checks (
    id                  TEXT PRIMARY KEY,
    disbursement_id     TEXT        NOT NULL REFERENCES disbursements (id),
    provider_payment_id TEXT        NOT NULL,
    provider_status     TEXT        NOT NULL,
    checked_at          TIMESTAMPTZ NOT NULL
);

CREATE INDEX payment_status_checks_disbursement_idx ON payment_status_checks (disbursement_id);

CREATE TABLE holdbacks (
    id                  TEXT PRIMARY KEY,
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    claimant_id         TEXT        NOT NULL REFERENCES claimants (id),
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    reason              TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'held',
    provider_payment_id TEXT,
    released_at         TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT holdbacks_status_check CHECK (status IN ('held', 'releasing', 'released')),
    CONSTRAINT holdbacks_reason_key UNIQUE (settlement_id, claimant_id, reason)
);

CREATE TABLE lien_payments (
    id                  TEXT PRIMARY KEY,
    lien_id             TEXT        NOT NULL REFERENCES liens (id),
    settlement_id       TEXT        NOT NULL REFERENCES settlements (id),
    amount_cents        BIGINT      NOT NULL CHECK (amount_cents > 0),
    status              TEXT        NOT NULL DEFAULT 'pending',
    vendor_check_id     TEXT,
    check_number        TEXT,
    journal_id          UUID,
    voided_reason       TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT lien_payments_status_check CHECK (status IN
        ('pending', 'issued', 'mailed', 'cashed', 'voided'))
);

-- At most one live payment per lien; voided payments stay for the audit trail.
CREATE UNIQUE INDEX lien_payments_live_key ON lien_payments (lien_id) WHERE status <> 'voided';
CREATE UNIQUE INDEX lien_payments_vendor_check_key ON lien_payments (vendor_check_id);
