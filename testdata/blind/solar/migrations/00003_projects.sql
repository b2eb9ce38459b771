-- +goose Up
CREATE TABLE installers (
    id                  UUID PRIMARY KEY,
    legal_name          TEXT NOT NULL,
    stripe_account_id   TEXT NOT NULL,
    revenue_share_bps   INT NOT NULL,
    license_number      TEXT NOT NULL
);

CREATE TABLE projects (
    id             UUID PRIMARY KEY,
    contract_id    UUID NOT NULL REFERENCES contracts (id),
    number         TEXT NOT NULL,
    customer_id    UUID NOT NULL REFERENCES customers (id),
    installer_id   UUID REFERENCES installers (id),
    site_address   TEXT NOT NULL,
    jurisdiction   TEXT NOT NULL,
    utility_code   TEXT NOT NULL,
    utility_acct   TEXT,
    plan_set_url   TEXT,
    status         TEXT NOT NULL DEFAULT 'new',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT projects_contract_key UNIQUE (contract_id),
    CONSTRAINT projects_number_key UNIQUE (number)
);
CREATE SEQUENCE project_number_seq START 10000;

CREATE TABLE permits (
    id              UUID PRIMARY KEY,
    project_id      UUID NOT NULL REFERENCES projects (id),
    jurisdiction    TEXT NOT NULL,
    permit_number   TEXT,
    status          TEXT NOT NULL DEFAULT 'pending',
    fee_cents       BIGINT,
    submitted_at    TIMESTAMPTZ,
    decided_at      TIMESTAMPTZ,
    inspection_ref  TEXT,
    inspection_on   TIMESTAMPTZ,
    CONSTRAINT permits_project_key UNIQUE (project_id)
);

CREATE TABLE install_jobs (
    id           UUID PRIMARY KEY,
    project_id   UUID NOT NULL REFERENCES projects (id),
    permit_id    UUID NOT NULL REFERENCES permits (id),
    status       TEXT NOT NULL DEFAULT 'ready',
    priority     INT NOT NULL DEFAULT 0,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX install_jobs_project_idx ON install_jobs (project_id);

CREATE TABLE crews (
    id            UUID PRIMARY KEY,
    installer_id  UUID NOT NULL REFERENCES installers (id),
    name          TEXT NOT NULL,
    lead_phone    TEXT NOT NULL,
    active        BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE crew_assignments (
    id           UUID PRIMARY KEY,
    project_id   UUID NOT NULL REFERENCES projects (id),
    crew_id      UUID NOT NULL REFERENCES crews (id),
    starts_at    TIMESTAMPTZ NOT NULL,
    ends_at      TIMESTAMPTZ NOT NULL,
    status       TEXT NOT NULL DEFAULT 'booked',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX crew_assignments_crew_idx ON crew_assignments (crew_id, starts_at);

CREATE TABLE notifications (
    id           UUID PRIMARY KEY,
    event_id     UUID NOT NULL,
    channel      TEXT NOT NULL,
    recipient    TEXT NOT NULL,
    template     TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending',
    provider_ref TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT notifications_event_recipient_key UNIQUE (event_id, channel, recipient)
);

-- +goose Down
DROP TABLE notifications;
DROP TABLE crew_assignments;
DROP TABLE crews;
DROP TABLE install_jobs;
DROP TABLE permits;
DROP SEQUENCE project_number_seq;
DROP TABLE projects;
DROP TABLE installers;
