CREATE TABLE payouts (
    id                 uuid PRIMARY KEY,
    assignment_id      uuid        NOT NULL REFERENCES route_assignments (id),
    subcontractor_id   uuid        NOT NULL REFERENCES subcontractors (id),
    amount_cents       bigint      NOT NULL,
    currency           text        NOT NULL DEFAULT 'USD',
    status             text        NOT NULL DEFAULT 'queued', -- queued, sent, paid, failed
    provider_payout_id text,
    failure_reason     text,
    requeue_count      integer     NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payouts_assignment_key UNIQUE (assignment_id)
);

-- Every execution of the payout job appends a row here, successful or not.
CREATE TABLE payout_attempts (
    id         uuid PRIMARY KEY,
    payout_id  uuid        NOT NULL REFERENCES payouts (id),
    attempt    integer     NOT NULL,
    started_at timestamptz NOT NULL,
    error      text
);

CREATE TABLE bank_events (
    event_id    text PRIMARY KEY,
    payout_id   uuid,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
    id              uuid PRIMARY KEY,
    storm_id        uuid        NOT NULL REFERENCES storms (id),
    invoice_number  text        NOT NULL,
    total_cents     bigint      NOT NULL DEFAULT 0,
    status          text        NOT NULL DEFAULT 'draft', -- draft, submitted
    city_invoice_id text,
    submitted_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_storm_key UNIQUE (storm_id),
    CONSTRAINT invoices_number_key UNIQUE (invoice_number)
);

CREATE TABLE invoice_lines (
    invoice_id    uuid   NOT NULL REFERENCES invoices (id),
    assignment_id uuid   NOT NULL REFERENCES route_assignments (id),
    route_code    text   NOT NULL,
    amount_cents  bigint NOT NULL,
    salt_kg       bigint NOT NULL,
    PRIMARY KEY (invoice_id, assignment_id)
);

CREATE TABLE api_idempotency_keys (
    scope      text        NOT NULL,
    key        text        NOT NULL,
    status     integer     NOT NULL,
    response   jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE consumer_inbox (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE outbox (
    id           uuid PRIMARY KEY,
    subject      text        NOT NULL,
    payload      jsonb       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE notifications (
    id                  uuid PRIMARY KEY,
    phone               text        NOT NULL,
    body                text        NOT NULL,
    ref                 text        NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    sent_at             timestamptz,
    provider_message_id text
);
