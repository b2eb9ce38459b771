CREATE TABLE disbursements (
    id                      TEXT PRIMARY KEY,
    landlord_id             TEXT NOT NULL REFERENCES landlords (id),
    kind                    TEXT NOT NULL,
    period_start            DATE,
    period_end              DATE,
    amount_cents            BIGINT NOT NULL CHECK (amount_cents > 0),
    status                  TEXT NOT NULL DEFAULT 'pending',
    provider_transfer_id    TEXT,
    failure_reason          TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    submitted_at            TIMESTAMPTZ
);

CREATE UNIQUE INDEX disbursements_period_key ON disbursements (landlord_id, period_start) WHERE kind = 'scheduled';

CREATE TABLE disbursement_attempts (
    id                      TEXT PRIMARY KEY,
    disbursement_id         TEXT NOT NULL REFERENCES disbursements (id),
    attempt_no              INT NOT NULL,
    status                  TEXT NOT NULL DEFAULT 'pending',
    provider_transfer_id    TEXT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (disbursement_id, attempt_no)
);
