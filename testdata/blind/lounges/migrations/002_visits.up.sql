CREATE TABLE airline_partners (
    code                 text PRIMARY KEY,
    name                 text NOT NULL,
    billing_endpoint     text NOT NULL,
    rate_cents_per_visit bigint NOT NULL,
    guest_rate_cents     bigint NOT NULL DEFAULT 0,
    currency             char(3) NOT NULL DEFAULT 'usd',
    active               boolean NOT NULL DEFAULT true
);

-- Boarding-pass entitlements pushed by partner airlines (business cabin, status tiers).
CREATE TABLE airline_eligibility (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    airline_code   text NOT NULL REFERENCES airline_partners (code),
    pnr            text NOT NULL,
    passenger_seq  integer NOT NULL,
    passenger_name text NOT NULL,
    flight_number  text NOT NULL,
    flight_date    date NOT NULL,
    cabin          text NOT NULL,
    guests_allowed integer NOT NULL DEFAULT 0,
    received_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT airline_eligibility_passenger UNIQUE (airline_code, pnr, flight_date, passenger_seq)
);

CREATE TABLE visits (
    id                  uuid PRIMARY KEY,
    lounge_id           uuid NOT NULL REFERENCES lounges (id),
    scan_id             text NOT NULL,
    member_id           uuid REFERENCES members (id),
    entitlement_type    text NOT NULL CHECK (entitlement_type IN ('membership', 'day_pass', 'card', 'airline')),
    entitlement_ref     text NOT NULL,
    airline_code        text REFERENCES airline_partners (code),
    guest_count         integer NOT NULL DEFAULT 0,
    entered_at          timestamptz NOT NULL,
    exited_at           timestamptz,
    invoiced_invoice_id uuid,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT visits_scan_id UNIQUE (scan_id)
);
CREATE INDEX visits_billing_idx ON visits (airline_code, entered_at) WHERE invoiced_invoice_id IS NULL;
CREATE INDEX visits_lounge_idx ON visits (lounge_id, entered_at);

-- Append-only log of every door decision, including denials.
CREATE TABLE access_attempts (
    id         uuid PRIMARY KEY,
    lounge_id  uuid NOT NULL REFERENCES lounges (id),
    scan_id    text NOT NULL,
    device_id  text NOT NULL,
    outcome    text NOT NULL,
    reason     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_attempts_scan_idx ON access_attempts (scan_id);

CREATE TABLE card_redemptions (
    id                    uuid PRIMARY KEY,
    visit_id              uuid NOT NULL REFERENCES visits (id),
    card_id               uuid NOT NULL REFERENCES payment_cards (id),
    network_redemption_id text NOT NULL UNIQUE,
    remaining_visits      integer,
    created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox_events (
    id           uuid PRIMARY KEY,
    topic        text NOT NULL,
    partition_key text NOT NULL,
    event_type   text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL;
