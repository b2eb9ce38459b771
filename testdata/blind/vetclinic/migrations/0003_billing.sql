-- Invoices, payments and the Stripe event inbox.

CREATE TABLE invoices (
    id                     uuid PRIMARY KEY,
    appointment_id         uuid        NOT NULL REFERENCES appointments (id),
    clinic_id              uuid        NOT NULL REFERENCES clinics (id),
    owner_id               uuid        NOT NULL REFERENCES owners (id),
    currency               text        NOT NULL,
    subtotal_cents         bigint      NOT NULL DEFAULT 0,
    discount_cents         bigint      NOT NULL DEFAULT 0,
    loyalty_cents          bigint      NOT NULL DEFAULT 0,
    deposit_applied_cents  bigint      NOT NULL DEFAULT 0,
    total_cents            bigint      NOT NULL DEFAULT 0,
    paid_cents             bigint      NOT NULL DEFAULT 0,
    refunded_cents         bigint      NOT NULL DEFAULT 0,
    status                 text        NOT NULL DEFAULT 'open',
    due_at                 timestamptz NOT NULL,
    issued_at              timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_appointment_key UNIQUE (appointment_id)
);

CREATE TABLE invoice_lines (
    id           uuid PRIMARY KEY,
    invoice_id   uuid   NOT NULL REFERENCES invoices (id),
    code         text   NOT NULL,
    description  text   NOT NULL,
    quantity     integer NOT NULL,
    unit_cents   bigint NOT NULL
);

CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (invoice_id);

CREATE TABLE invoice_adjustments (
    id           uuid PRIMARY KEY,
    invoice_id   uuid        NOT NULL REFERENCES invoices (id),
    kind         text        NOT NULL,
    amount_cents bigint      NOT NULL,
    reason       text        NOT NULL,
    created_by   text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id                       uuid PRIMARY KEY,
    invoice_id               uuid        NOT NULL REFERENCES invoices (id),
    clinic_id                uuid        NOT NULL REFERENCES clinics (id),
    request_key              text        NOT NULL,
    amount_cents             bigint      NOT NULL,
    currency                 text        NOT NULL,
    status                   text        NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id text,
    failure_reason           text,
    settled_at               timestamptz,
    settlement_id            uuid,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_request_key UNIQUE (invoice_id, request_key)
);

CREATE UNIQUE INDEX payments_payment_intent_key
    ON payments (stripe_payment_intent_id)
    WHERE stripe_payment_intent_id IS NOT NULL;

CREATE TABLE payment_refunds (
    stripe_refund_id  text PRIMARY KEY,
    payment_id        uuid        NOT NULL REFERENCES payments (id),
    invoice_id        uuid        NOT NULL REFERENCES invoices (id),
    amount_cents      bigint      NOT NULL,
    recorded_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    type         text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dunning_notices (
    invoice_id  uuid        NOT NULL REFERENCES invoices (id),
    level       integer     NOT NULL,
    status      text        NOT NULL DEFAULT 'claimed',
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    error       text,
    PRIMARY KEY (invoice_id, level)
);
