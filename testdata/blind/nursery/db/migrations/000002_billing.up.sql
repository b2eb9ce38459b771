CREATE TABLE invoice_runs (
    period      text PRIMARY KEY,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz
);

CREATE TABLE invoices (
    id                  uuid PRIMARY KEY,
    family_id           uuid NOT NULL REFERENCES families (id),
    period              text NOT NULL,
    amount_pence        bigint NOT NULL,
    balance_pence       bigint NOT NULL,
    status              text NOT NULL DEFAULT 'issued',
    failed_collections  integer NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_family_period_key UNIQUE (family_id, period)
);

CREATE TABLE invoice_lines (
    invoice_id   uuid NOT NULL REFERENCES invoices (id),
    booking_id   uuid NOT NULL REFERENCES bookings (id),
    amount_pence bigint NOT NULL,
    PRIMARY KEY (invoice_id, booking_id)
);

CREATE TABLE invoice_credits (
    id           uuid PRIMARY KEY,
    invoice_id   uuid NOT NULL REFERENCES invoices (id),
    amount_pence bigint NOT NULL,
    reason       text NOT NULL,
    created_by   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mandates (
    id                 uuid PRIMARY KEY,
    family_id          uuid NOT NULL REFERENCES families (id),
    partner_mandate_id text NOT NULL UNIQUE,
    status             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mandate_events (
    partner_event_id text PRIMARY KEY,
    mandate_id       text NOT NULL,
    action           text NOT NULL,
    received_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collections (
    id                 uuid PRIMARY KEY,
    invoice_id         uuid NOT NULL REFERENCES invoices (id),
    attempt_no         integer NOT NULL,
    mandate_id         uuid NOT NULL REFERENCES mandates (id),
    amount_pence       bigint NOT NULL,
    partner_payment_id text UNIQUE,
    status             text NOT NULL,
    failure_reason     text NOT NULL DEFAULT '',
    charge_date        date,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT collections_invoice_attempt_key UNIQUE (invoice_id, attempt_no)
);

CREATE TABLE collection_attempts (
    id            uuid PRIMARY KEY,
    reference     text NOT NULL,
    operation     text NOT NULL,
    http_status   integer NOT NULL,
    error         text NOT NULL DEFAULT '',
    attempted_at  timestamptz NOT NULL
);

CREATE TABLE receipts (
    id            uuid PRIMARY KEY,
    collection_id uuid NOT NULL UNIQUE REFERENCES collections (id),
    invoice_id    uuid NOT NULL REFERENCES invoices (id),
    amount_pence  bigint NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE arrears_entries (
    id            uuid PRIMARY KEY,
    family_id     uuid NOT NULL REFERENCES families (id),
    invoice_id    uuid NOT NULL REFERENCES invoices (id),
    collection_id uuid NOT NULL REFERENCES collections (id),
    amount_pence  bigint NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    event_id     text PRIMARY KEY,
    resource     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE idempotency_keys (
    key             text NOT NULL,
    route           text NOT NULL,
    response_status integer NOT NULL,
    response_body   bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (key, route)
);
