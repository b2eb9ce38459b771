-- Disputes and hearings, DMV registration holds, collections referrals.

CREATE TABLE disputes (
    id           TEXT PRIMARY KEY,
    citation_id  TEXT        NOT NULL REFERENCES citations (id),
    reason_code  TEXT        NOT NULL,
    statement    TEXT        NOT NULL DEFAULT '',
    status       TEXT        NOT NULL DEFAULT 'open',
    submitted_by TEXT        NOT NULL,
    filed_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at    TIMESTAMPTZ
);

-- The ordinance allows one dispute per citation.
CREATE UNIQUE INDEX disputes_citation_uq ON disputes (citation_id);

CREATE TABLE hearings (
    id                  TEXT PRIMARY KEY,
    dispute_id          TEXT        NOT NULL REFERENCES disputes (id),
    calendar_booking_id TEXT        NOT NULL,
    docket_id           TEXT        NOT NULL,
    scheduled_at        TIMESTAMPTZ NOT NULL,
    location            TEXT        NOT NULL DEFAULT '',
    outcome             TEXT,
    outcome_notes       TEXT        NOT NULL DEFAULT '',
    outcome_recorded_at TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX hearings_booking_uq ON hearings (calendar_booking_id);
CREATE INDEX hearings_dispute_idx ON hearings (dispute_id);

CREATE TABLE dmv_holds (
    id                 TEXT PRIMARY KEY,
    citation_id        TEXT        NOT NULL REFERENCES citations (id),
    plate              TEXT        NOT NULL,
    plate_state        CHAR(2)     NOT NULL,
    state_hold_number  TEXT,
    status             TEXT        NOT NULL DEFAULT 'requested',
    placed_at          TIMESTAMPTZ,
    released_at        TIMESTAMPTZ,
    release_reason     TEXT        NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX dmv_holds_citation_uq ON dmv_holds (citation_id);
CREATE INDEX dmv_holds_status_idx ON dmv_holds (status);

CREATE TABLE collections_referrals (
    id                  TEXT PRIMARY KEY,
    citation_id         TEXT        NOT NULL REFERENCES citations (id),
    agency_account_ref  TEXT,
    status              TEXT        NOT NULL DEFAULT 'pending',
    balance_at_referral BIGINT      NOT NULL,
    referred_at         TIMESTAMPTZ,
    recalled_at         TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX collections_referrals_citation_uq ON collections_referrals (citation_id);

CREATE TABLE collection_remittances (
    id            TEXT PRIMARY KEY,
    referral_id   TEXT        NOT NULL REFERENCES collections_referrals (id),
    agency_txn_id TEXT        NOT NULL,
    gross_cents   BIGINT      NOT NULL,
    fee_cents     BIGINT      NOT NULL DEFAULT 0,
    collected_at  TIMESTAMPTZ NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX collection_remittances_txn_idx ON collection_remittances (agency_txn_id);
