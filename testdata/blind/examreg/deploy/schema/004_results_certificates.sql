-- Results from the scoring partner, certificates and print-and-post orders.

CREATE TABLE IF NOT EXISTS scoring_deliveries (
    delivery_id  TEXT PRIMARY KEY,   -- X-Scoring-Delivery header, stable across the partner's retries
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS exam_results (
    partner_result_id TEXT PRIMARY KEY,
    registration_id   UUID NOT NULL REFERENCES registrations (id),
    overall_band      NUMERIC(3,1) NOT NULL,
    listening         NUMERIC(3,1),
    reading           NUMERIC(3,1),
    writing           NUMERIC(3,1),
    speaking          NUMERIC(3,1),
    cefr_level        TEXT NOT NULL,
    revision          INTEGER NOT NULL DEFAULT 1,
    released_at       TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS exam_results_registration_idx ON exam_results (registration_id);

CREATE TABLE IF NOT EXISTS certificates (
    id                UUID PRIMARY KEY,
    number            TEXT NOT NULL,
    partner_result_id TEXT NOT NULL REFERENCES exam_results (partner_result_id),
    registration_id   UUID NOT NULL REFERENCES registrations (id),
    candidate_id      UUID NOT NULL REFERENCES candidates (id),
    cefr_level        TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'issued', -- issued | ordered | printed | posted | returned
    reprint_count     INTEGER NOT NULL DEFAULT 0,
    issued_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS certificates_number_uq ON certificates (number);

CREATE TABLE IF NOT EXISTS print_orders (
    id              TEXT PRIMARY KEY,     -- "po-" || certificate id
    certificate_id  UUID NOT NULL REFERENCES certificates (id),
    partner_ref     TEXT,
    status          TEXT NOT NULL DEFAULT 'pending', -- pending | submitted | failed
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS print_orders_partner_ref_uq ON print_orders (partner_ref);

CREATE TABLE IF NOT EXISTS certificate_reprints (
    id              UUID PRIMARY KEY,
    certificate_id  UUID NOT NULL REFERENCES certificates (id),
    partner_ref     TEXT NOT NULL,
    reason          TEXT NOT NULL,
    requested_by    TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Tracking events posted back by the print-and-post partner.
CREATE TABLE IF NOT EXISTS dispatch_events (
    partner_ref  TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    status       TEXT NOT NULL,
    detail       TEXT,
    occurred_at  TIMESTAMPTZ NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (partner_ref, seq)
);
