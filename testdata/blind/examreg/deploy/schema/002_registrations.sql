-- Registrations and seat holds.
-- A candidate may register for the same session again after withdrawing, so
-- there is deliberately no unique constraint on (candidate_id, session_id).

CREATE TABLE IF NOT EXISTS registrations (
    id               UUID PRIMARY KEY,
    candidate_id     UUID NOT NULL REFERENCES candidates (id),
    session_id       UUID NOT NULL REFERENCES exam_sessions (id),
    status           TEXT NOT NULL,  -- pending_payment | confirmed | withdrawn | lapsed | cancelled
    accommodations   TEXT,
    confirmed_at     TIMESTAMPTZ,
    confirmation_sent_at TIMESTAMPTZ,
    withdrawn_at     TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS registrations_candidate_idx ON registrations (candidate_id);
CREATE INDEX IF NOT EXISTS registrations_session_idx ON registrations (session_id, status);

CREATE TABLE IF NOT EXISTS seat_holds (
    id               UUID PRIMARY KEY,
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    session_id       UUID NOT NULL REFERENCES exam_sessions (id),
    status           TEXT NOT NULL DEFAULT 'active', -- active | converted | expired | released
    expires_at       TIMESTAMPTZ NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS seat_holds_registration_uq ON seat_holds (registration_id);
CREATE INDEX IF NOT EXISTS seat_holds_expiry_idx ON seat_holds (status, expires_at);

CREATE TABLE IF NOT EXISTS resit_vouchers (
    code             TEXT PRIMARY KEY,
    candidate_id     UUID NOT NULL REFERENCES candidates (id),
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    amount_minor     BIGINT NOT NULL,
    currency         CHAR(3) NOT NULL,
    expires_at       TIMESTAMPTZ NOT NULL,
    redeemed_at      TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS resit_vouchers_candidate_idx ON resit_vouchers (candidate_id);

-- Special arrangements requested by a candidate (extra time, ground-floor
-- room, modified papers); reviewed by the centre before the sitting.
CREATE TABLE IF NOT EXISTS accommodation_requests (
    id               TEXT PRIMARY KEY,
    registration_id  UUID NOT NULL REFERENCES registrations (id),
    kind             TEXT NOT NULL,
    details          TEXT NOT NULL,
    evidence_url     TEXT,
    status           TEXT NOT NULL DEFAULT 'submitted', -- submitted | approved | declined
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS accommodation_requests_registration_idx ON accommodation_requests (registration_id);
