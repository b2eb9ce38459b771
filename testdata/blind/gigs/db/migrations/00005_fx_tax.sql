-- +goose Up
CREATE TABLE fx_quotes (
    id                  TEXT PRIMARY KEY,
    milestone_id        TEXT NOT NULL REFERENCES milestones (id),
    request_id          TEXT NOT NULL,
    source_currency     CHAR(3) NOT NULL,
    target_currency     CHAR(3) NOT NULL,
    source_minor        BIGINT NOT NULL,
    target_minor        BIGINT NOT NULL,
    rate                NUMERIC(20, 10) NOT NULL,
    provider_quote_id   TEXT NOT NULL,
    status              TEXT NOT NULL,
    expires_at          TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (milestone_id, request_id)
);

CREATE INDEX fx_quotes_open_idx ON fx_quotes (expires_at) WHERE status = 'open';

CREATE TABLE fx_conversions (
    id                      TEXT PRIMARY KEY,
    quote_id                TEXT NOT NULL UNIQUE REFERENCES fx_quotes (id),
    status                  TEXT NOT NULL,
    provider_conversion_id  TEXT,
    settled_target_minor    BIGINT,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tax_form_requests (
    id                      TEXT PRIMARY KEY,
    freelancer_id           TEXT NOT NULL,
    freelancer_email        TEXT NOT NULL,
    form_type               TEXT NOT NULL,
    tax_year                INTEGER NOT NULL,
    status                  TEXT NOT NULL,
    provider_envelope_id    TEXT,
    sent_at                 TIMESTAMPTZ,
    completed_at            TIMESTAMPTZ,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (freelancer_id, form_type, tax_year)
);

CREATE TABLE tax_forms (
    id                  TEXT PRIMARY KEY,
    provider_form_id    TEXT NOT NULL UNIQUE,
    request_id          TEXT REFERENCES tax_form_requests (id),
    freelancer_id       TEXT NOT NULL,
    form_type           TEXT NOT NULL,
    tin_last4           TEXT,
    status              TEXT NOT NULL,
    completed_at        TIMESTAMPTZ,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX tax_forms_freelancer_idx ON tax_forms (freelancer_id, status);

-- +goose Down
DROP TABLE tax_forms;
DROP TABLE tax_form_requests;
DROP TABLE fx_conversions;
DROP TABLE fx_quotes;
