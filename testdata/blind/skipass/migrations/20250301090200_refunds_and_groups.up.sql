CREATE TABLE refund_claims (
    id                text PRIMARY KEY,
    pass_id           uuid NOT NULL REFERENCES passes (id),
    closure_id        bigint NOT NULL REFERENCES lift_closures (id),
    amount_cents      bigint NOT NULL,
    reason            text NOT NULL DEFAULT '',
    status            text NOT NULL DEFAULT 'submitted',
    stripe_refund_id  text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refund_claims_pass_idx ON refund_claims (pass_id);

CREATE TABLE weather_refunds (
    id                bigserial PRIMARY KEY,
    closure_id        bigint NOT NULL REFERENCES lift_closures (id),
    pass_id           uuid NOT NULL REFERENCES passes (id),
    payment_intent_id text NOT NULL,
    amount_cents      bigint NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    stripe_refund_id  text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (closure_id, pass_id)
);

CREATE TABLE order_refunds (
    order_id          uuid PRIMARY KEY REFERENCES orders (id),
    amount_cents      bigint NOT NULL,
    status            text NOT NULL DEFAULT 'pending',
    stripe_refund_id  text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE group_bookings (
    id                         uuid PRIMARY KEY,
    kind                       text NOT NULL CHECK (kind IN ('school', 'group')),
    organisation               text NOT NULL,
    contact_email              text NOT NULL,
    visit_date                 date NOT NULL,
    end_date                   date NOT NULL,
    headcount                  integer NOT NULL,
    billing                    text NOT NULL DEFAULT 'single',
    total_cents                bigint NOT NULL,
    currency                   text NOT NULL,
    status                     text NOT NULL,
    invoice_id                 text,
    deposit_payment_intent_id  text,
    created_at                 timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE group_invoices (
    id                   text PRIMARY KEY,
    booking_id           uuid NOT NULL REFERENCES group_bookings (id),
    period               text NOT NULL,
    amount_cents         bigint NOT NULL,
    status               text NOT NULL DEFAULT 'draft',
    provider_invoice_id  text NOT NULL DEFAULT '',
    due_date             date NOT NULL,
    reminder_stage       integer NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX group_invoices_booking_idx ON group_invoices (booking_id, period);
