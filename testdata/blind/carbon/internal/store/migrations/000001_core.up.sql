CREATE TABLE developers (
    id                 UUID PRIMARY KEY,
    name               TEXT NOT NULL,
    email              TEXT NOT NULL,
    stripe_account_id  TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE projects (
    id                   UUID PRIMARY KEY,
    developer_id         UUID NOT NULL REFERENCES developers(id),
    registry_project_id  TEXT NOT NULL,
    name                 TEXT NOT NULL,
    methodology          TEXT NOT NULL,
    country              CHAR(2) NOT NULL,
    status               TEXT NOT NULL DEFAULT 'draft',
    webhook_secret       TEXT NOT NULL,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT projects_registry_project_id_key UNIQUE (registry_project_id)
);

CREATE TABLE project_status_events (
    id                UUID PRIMARY KEY,
    project_id        UUID NOT NULL REFERENCES projects(id),
    partner_event_id  TEXT NOT NULL,
    status            TEXT NOT NULL,
    effective_at      TIMESTAMPTZ NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT project_status_events_partner_key UNIQUE (project_id, partner_event_id)
);

CREATE TABLE accounts (
    id          UUID PRIMARY KEY,
    owner_type  TEXT NOT NULL,
    owner_id    UUID NOT NULL,
    purpose     TEXT NOT NULL,
    email       TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT accounts_owner_purpose_key UNIQUE (owner_type, owner_id, purpose)
);

CREATE TABLE credit_batches (
    id                  UUID PRIMARY KEY,
    project_id          UUID NOT NULL REFERENCES projects(id),
    vintage             INT NOT NULL,
    serial_start        BIGINT NOT NULL,
    serial_end          BIGINT NOT NULL,
    quantity            BIGINT NOT NULL CHECK (quantity > 0),
    unit_price_cents    BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL DEFAULT 'usd',
    status              TEXT NOT NULL DEFAULT 'pending_registration',
    registry_batch_ref  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT credit_batches_serial_key UNIQUE (project_id, vintage, serial_start)
);

CREATE TABLE serial_blocks (
    id                  TEXT PRIMARY KEY,
    batch_id            UUID NOT NULL REFERENCES credit_batches(id),
    registry_batch_ref  TEXT NOT NULL,
    serial_start        BIGINT NOT NULL,
    serial_end          BIGINT NOT NULL,
    issued_at           TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX serial_blocks_batch_idx ON serial_blocks (batch_id);

CREATE TABLE serial_cancellations (
    id               UUID PRIMARY KEY,
    cancellation_id  TEXT NOT NULL,
    batch_id         UUID NOT NULL REFERENCES credit_batches(id),
    serial_start     BIGINT NOT NULL,
    serial_end       BIGINT NOT NULL,
    reason           TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
