-- +goose Up
CREATE TABLE interconnections (
    id                  UUID PRIMARY KEY,
    project_id          UUID NOT NULL REFERENCES projects (id),
    utility_code        TEXT NOT NULL,
    account_number      TEXT NOT NULL,
    application_ref     TEXT,
    status              TEXT NOT NULL DEFAULT 'pending',
    meter_swap_ticket   TEXT,
    submitted_at        TIMESTAMPTZ,
    CONSTRAINT interconnections_project_key UNIQUE (project_id)
);

CREATE TABLE pto_grants (
    project_id       UUID PRIMARY KEY REFERENCES projects (id),
    application_ref  TEXT NOT NULL,
    letter_url       TEXT NOT NULL,
    granted_at       TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE pto_grants;
DROP TABLE interconnections;
