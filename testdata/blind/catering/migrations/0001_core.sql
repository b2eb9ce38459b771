-- +migrate Up

CREATE TABLE customers (
    id                  uuid PRIMARY KEY,
    name                text        NOT NULL,
    email               text        NOT NULL,
    phone               text,
    stripe_customer_id  text,
    credit_cents        bigint      NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT customers_email_key UNIQUE (email)
);

CREATE TABLE customer_credit_ledger (
    id            uuid PRIMARY KEY,
    customer_id   uuid        NOT NULL REFERENCES customers (id),
    source        text        NOT NULL,
    source_ref    text        NOT NULL,
    amount_cents  bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX customer_credit_ledger_customer_idx ON customer_credit_ledger (customer_id);

CREATE TABLE venues (
    id                        uuid PRIMARY KEY,
    name                      text        NOT NULL,
    stripe_account_id         text,
    commission_bps            integer     NOT NULL DEFAULT 800,
    commission_balance_cents  bigint      NOT NULL DEFAULT 0,
    payouts_enabled           boolean     NOT NULL DEFAULT false,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE enquiries (
    id             uuid PRIMARY KEY,
    customer_id    uuid        NOT NULL REFERENCES customers (id),
    venue_id       uuid        REFERENCES venues (id),
    event_date     date        NOT NULL,
    guest_count    integer     NOT NULL CHECK (guest_count > 0),
    service_style  text        NOT NULL,
    budget_cents   bigint,
    notes          text        NOT NULL DEFAULT '',
    status         text        NOT NULL DEFAULT 'new',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE quotes (
    id                 uuid PRIMARY KEY,
    enquiry_id         uuid        NOT NULL REFERENCES enquiries (id),
    menu_code          text        NOT NULL,
    per_head_cents     bigint      NOT NULL,
    guest_count        integer     NOT NULL,
    service_fee_cents  bigint      NOT NULL DEFAULT 0,
    total_cents        bigint      NOT NULL,
    currency           text        NOT NULL DEFAULT 'gbp',
    status             text        NOT NULL DEFAULT 'sent',
    valid_until        timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    accepted_at        timestamptz
);

CREATE INDEX quotes_enquiry_idx ON quotes (enquiry_id);

CREATE TABLE events (
    id              uuid PRIMARY KEY,
    quote_id        uuid        NOT NULL REFERENCES quotes (id),
    enquiry_id      uuid        NOT NULL REFERENCES enquiries (id),
    customer_id     uuid        NOT NULL REFERENCES customers (id),
    venue_id        uuid        REFERENCES venues (id),
    event_date      date        NOT NULL,
    guest_count     integer     NOT NULL,
    status          text        NOT NULL DEFAULT 'confirmed',
    total_cents     bigint      NOT NULL,
    paid_cents      bigint      NOT NULL DEFAULT 0,
    refunded_cents  bigint      NOT NULL DEFAULT 0,
    currency        text        NOT NULL DEFAULT 'gbp',
    created_at      timestamptz NOT NULL DEFAULT now(),
    cancelled_at    timestamptz,
    CONSTRAINT events_quote_id_key UNIQUE (quote_id)
);

CREATE TABLE menu_selections (
    event_id    uuid        NOT NULL REFERENCES events (id),
    course      text        NOT NULL,
    dish_code   text        NOT NULL,
    notes       text        NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, course)
);

CREATE TABLE headcount_changes (
    id            uuid PRIMARY KEY,
    event_id      uuid        NOT NULL REFERENCES events (id),
    delta         integer     NOT NULL,
    delta_cents   bigint      NOT NULL,
    reason        text        NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tastings (
    id                 text PRIMARY KEY,
    enquiry_id         uuid        NOT NULL REFERENCES enquiries (id),
    slot_at            timestamptz NOT NULL,
    guests             integer     NOT NULL,
    fee_cents          bigint      NOT NULL,
    currency           text        NOT NULL DEFAULT 'gbp',
    status             text        NOT NULL DEFAULT 'booked',
    payment_intent_id  text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    completed_at       timestamptz
);

CREATE INDEX tastings_slot_idx ON tastings (slot_at);

CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    request_hash  text        NOT NULL,
    status_code   integer,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);
