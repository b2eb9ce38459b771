-- Core marketplace tables: accounts, jobs, quotes, messages.

CREATE TABLE clients (
    id                 uuid PRIMARY KEY,
    email              text NOT NULL UNIQUE,
    name               text NOT NULL,
    company_name       text NOT NULL DEFAULT '',
    vat_number         text NOT NULL DEFAULT '',
    billing_address    text NOT NULL DEFAULT '',
    credit_cents       bigint NOT NULL DEFAULT 0,
    payment_method_ref text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE translators (
    id         uuid PRIMARY KEY,
    email      text NOT NULL UNIQUE,
    name       text NOT NULL,
    phone      text NOT NULL DEFAULT '',
    pairs      text NOT NULL DEFAULT '',
    sworn      boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope         text NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    status_code   integer NOT NULL DEFAULT 0,
    response_body bytea,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);

CREATE TABLE jobs (
    id                text PRIMARY KEY,
    client_id         uuid NOT NULL REFERENCES clients(id),
    title             text NOT NULL,
    source_lang       text NOT NULL,
    target_lang       text NOT NULL,
    word_count        integer NOT NULL,
    budget_cents      bigint NOT NULL,
    currency          char(3) NOT NULL,
    status            text NOT NULL,
    certified         boolean NOT NULL DEFAULT false,
    deadline_at       timestamptz NOT NULL,
    source_object_key text NOT NULL DEFAULT '',
    accepted_quote_id text,
    translator_id     uuid REFERENCES translators(id),
    approved_at       timestamptz,
    settled_at        timestamptz,
    invoiced_at       timestamptz,
    late_credit_at    timestamptz,
    cancelled_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_client_idx ON jobs (client_id, created_at DESC);
CREATE INDEX jobs_deadline_idx ON jobs (status, deadline_at);

CREATE TABLE job_events (
    id         text PRIMARY KEY,
    job_id     text NOT NULL REFERENCES jobs(id),
    kind       text NOT NULL,
    actor      text NOT NULL,
    detail     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_events_job_idx ON job_events (job_id, created_at);

CREATE TABLE quotes (
    id            text PRIMARY KEY,
    job_id        text NOT NULL REFERENCES jobs(id),
    translator_id uuid NOT NULL REFERENCES translators(id),
    amount_cents  bigint NOT NULL,
    currency      char(3) NOT NULL,
    days          integer NOT NULL,
    note          text NOT NULL DEFAULT '',
    status        text NOT NULL,
    expires_at    timestamptz NOT NULL,
    reminded_at   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT quotes_job_translator_uniq UNIQUE (job_id, translator_id)
);
CREATE INDEX quotes_open_idx ON quotes (status, expires_at);

CREATE TABLE messages (
    id            text PRIMARY KEY,
    job_id        text NOT NULL REFERENCES jobs(id),
    sender_id     uuid NOT NULL,
    client_msg_id text NOT NULL,
    body          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT messages_client_msg_uniq UNIQUE (job_id, sender_id, client_msg_id)
);

CREATE TABLE disputes (
    id         uuid PRIMARY KEY,
    job_id     text NOT NULL REFERENCES jobs(id),
    opened_by  uuid NOT NULL,
    reason     text NOT NULL,
    detail     text NOT NULL DEFAULT '',
    status     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX disputes_job_idx ON disputes (job_id);

CREATE TABLE shipments (
    id           text PRIMARY KEY,
    job_id       text NOT NULL REFERENCES jobs(id),
    carrier      text NOT NULL,
    booking_ref  text NOT NULL,
    tracking_url text NOT NULL DEFAULT '',
    copies       integer NOT NULL,
    address      text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipments_job_idx ON shipments (job_id);

CREATE TABLE mt_segments (
    id          text PRIMARY KEY,
    job_id      text NOT NULL REFERENCES jobs(id),
    idx         integer NOT NULL,
    source_text text NOT NULL,
    mt_text     text NOT NULL,
    engine      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT mt_segments_job_idx_uniq UNIQUE (job_id, idx)
);
