CREATE TABLE booking_charges (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL REFERENCES bookings (id),
    kind            text NOT NULL,
    description     text NOT NULL,
    amount_cents    bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX booking_charges_booking_idx ON booking_charges (booking_id);

CREATE TABLE copy_orders (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL REFERENCES bookings (id),
    attorney_id     text REFERENCES attorneys (id),
    copies          integer NOT NULL,
    format          text NOT NULL,
    pages           integer NOT NULL,
    amount_cents    bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoices (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL UNIQUE REFERENCES bookings (id),
    firm_id         text NOT NULL REFERENCES firms (id),
    number          text NOT NULL UNIQUE,
    status          text NOT NULL DEFAULT 'open',
    total_cents     bigint NOT NULL,
    paid_cents      bigint NOT NULL DEFAULT 0,
    charge_cycle    integer NOT NULL DEFAULT 0,
    issued_at       timestamptz NOT NULL DEFAULT now(),
    due_at          timestamptz NOT NULL,
    paid_at         timestamptz
);

CREATE INDEX invoices_due_idx ON invoices (status, due_at);

CREATE TABLE payments (
    id                          text PRIMARY KEY,
    invoice_id                  text NOT NULL REFERENCES invoices (id),
    stripe_payment_intent_id    text NOT NULL UNIQUE,
    amount_cents                bigint NOT NULL,
    status                      text NOT NULL,
    source                      text NOT NULL,
    refunded_at                 timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE charge_attempts (
    id              text PRIMARY KEY,
    invoice_id      text NOT NULL REFERENCES invoices (id),
    charge_cycle    integer NOT NULL,
    outcome         text NOT NULL,
    detail          text,
    attempted_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id        text PRIMARY KEY,
    type            text NOT NULL,
    processed_at    timestamptz NOT NULL DEFAULT now()
);
