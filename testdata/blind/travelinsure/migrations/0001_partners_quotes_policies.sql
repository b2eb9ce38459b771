-- Partners, quotes, policies and premium money movement.

CREATE TABLE partners (
    id              uuid PRIMARY KEY,
    code            text NOT NULL UNIQUE,
    name            text NOT NULL,
    kind            text NOT NULL CHECK (kind IN ('airline', 'agency')),
    api_key_hash    text NOT NULL UNIQUE,
    commission_bps  integer NOT NULL CHECK (commission_bps BETWEEN 0 AND 5000),
    currency        char(3) NOT NULL,
    statement_email text,
    accrued_minor   bigint NOT NULL DEFAULT 0,
    active          boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE quotes (
    id                uuid PRIMARY KEY,
    partner_id        uuid NOT NULL REFERENCES partners (id),
    partner_quote_ref text NOT NULL,
    product_code      text NOT NULL,
    traveller_name    text NOT NULL,
    traveller_email   text NOT NULL,
    traveller_phone   text,
    traveller_age     integer NOT NULL CHECK (traveller_age BETWEEN 0 AND 110),
    destination       text NOT NULL,
    trip_start        date NOT NULL,
    trip_end          date NOT NULL,
    trip_cost_minor   bigint NOT NULL CHECK (trip_cost_minor >= 0),
    flight_id         text,
    delay_cover       boolean NOT NULL DEFAULT false,
    premium_minor     bigint NOT NULL CHECK (premium_minor > 0),
    currency          char(3) NOT NULL,
    status            text NOT NULL CHECK (status IN ('quoted', 'bound', 'expired')),
    expires_at        timestamptz NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (trip_end >= trip_start),
    UNIQUE (partner_id, partner_quote_ref)
);

CREATE TABLE policies (
    id                   uuid PRIMARY KEY,
    policy_number        text NOT NULL UNIQUE,
    quote_id             uuid NOT NULL UNIQUE REFERENCES quotes (id),
    partner_id           uuid NOT NULL REFERENCES partners (id),
    partner_booking_ref  text NOT NULL,
    product_code         text NOT NULL,
    traveller_name       text NOT NULL,
    traveller_email      text NOT NULL,
    traveller_phone      text,
    trip_start           date NOT NULL,
    trip_end             date NOT NULL,
    flight_id            text,
    delay_cover          boolean NOT NULL DEFAULT false,
    payout_iban          text,
    payout_holder        text,
    premium_minor        bigint NOT NULL,
    currency             char(3) NOT NULL,
    payment_method_token text NOT NULL,
    status               text NOT NULL CHECK (status IN ('pending_payment', 'active', 'payment_failed', 'cancelled', 'expired')),
    certificate_key      text,
    delivered_at         timestamptz,
    booking_cancelled_at timestamptz,
    cancelled_at         timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CHECK (NOT delay_cover OR flight_id IS NOT NULL)
);

CREATE INDEX policies_partner_booking_idx ON policies (partner_id, partner_booking_ref);
CREATE INDEX policies_delay_flight_idx ON policies (flight_id) WHERE delay_cover AND status = 'active';

CREATE TABLE premium_payments (
    id                 uuid PRIMARY KEY,
    policy_id          uuid NOT NULL REFERENCES policies (id),
    amount_minor       bigint NOT NULL CHECK (amount_minor > 0),
    currency           char(3) NOT NULL,
    status             text NOT NULL CHECK (status IN ('captured', 'failed')),
    provider_charge_id text NOT NULL UNIQUE,
    disputed           boolean NOT NULL DEFAULT false,
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- One captured premium per policy.
CREATE UNIQUE INDEX premium_payments_captured_uq ON premium_payments (policy_id) WHERE status = 'captured';

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    policy_id          uuid NOT NULL UNIQUE REFERENCES policies (id),
    amount_minor       bigint NOT NULL CHECK (amount_minor > 0),
    currency           char(3) NOT NULL,
    reason             text NOT NULL,
    status             text NOT NULL CHECK (status IN ('pending', 'submitted', 'succeeded', 'failed')),
    provider_refund_id text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE traveller_notifications (
    id                  uuid PRIMARY KEY,
    policy_id           uuid NOT NULL REFERENCES policies (id),
    kind                text NOT NULL,
    channel             text NOT NULL CHECK (channel IN ('sms', 'email')),
    reference           text NOT NULL,
    provider_message_id text,
    sent_at             timestamptz NOT NULL
);

CREATE INDEX traveller_notifications_lookup_idx ON traveller_notifications (policy_id, kind, reference);
