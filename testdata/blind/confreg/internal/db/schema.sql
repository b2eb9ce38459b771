-- Base schema for confreg. Later changes live in patches/ and are applied
-- in lexical order by db.Migrate.

CREATE TABLE IF NOT EXISTS conferences (
    id              uuid PRIMARY KEY,
    slug            text NOT NULL,
    name            text NOT NULL,
    starts_on       date NOT NULL,
    ends_on         date NOT NULL,
    timezone        text NOT NULL DEFAULT 'UTC',
    currency        char(3) NOT NULL DEFAULT 'EUR',
    venue_address   jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT conferences_slug_key UNIQUE (slug),
    CONSTRAINT conferences_dates_chk CHECK (ends_on >= starts_on)
);

CREATE TABLE IF NOT EXISTS ticket_types (
    id              uuid PRIMARY KEY,
    conference_id   uuid NOT NULL REFERENCES conferences (id),
    code            text NOT NULL,
    name            text NOT NULL,
    price_cents     bigint NOT NULL CHECK (price_cents >= 0),
    capacity        integer NOT NULL CHECK (capacity >= 0),
    sold            integer NOT NULL DEFAULT 0,
    held            integer NOT NULL DEFAULT 0,
    CONSTRAINT ticket_types_code_key UNIQUE (conference_id, code),
    CONSTRAINT ticket_types_inventory_chk CHECK (sold >= 0 AND held >= 0 AND sold + held <= capacity)
);

CREATE TABLE IF NOT EXISTS registrations (
    id                   uuid PRIMARY KEY,
    conference_id        uuid NOT NULL REFERENCES conferences (id),
    email                text NOT NULL,
    full_name            text NOT NULL,
    company              text NOT NULL DEFAULT '',
    job_title            text NOT NULL DEFAULT '',
    status               text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'confirmed', 'cancelled')),
    confirmed_at         timestamptz,
    cancelled_at         timestamptz,
    confirmation_sent_at timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

-- One live registration per address per conference; a cancelled attendee may
-- register again.
CREATE UNIQUE INDEX IF NOT EXISTS registrations_active_email_key
    ON registrations (conference_id, lower(email))
    WHERE status <> 'cancelled';

CREATE TABLE IF NOT EXISTS ticket_orders (
    id               uuid PRIMARY KEY,
    registration_id  uuid NOT NULL REFERENCES registrations (id),
    ticket_type_id   uuid NOT NULL REFERENCES ticket_types (id),
    quantity         integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    amount_cents     bigint NOT NULL CHECK (amount_cents >= 0),
    currency         char(3) NOT NULL,
    status           text NOT NULL
                     CHECK (status IN ('held', 'paid', 'expired', 'cancelled')),
    hold_expires_at  timestamptz NOT NULL,
    paid_at          timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS ticket_orders_registration_idx ON ticket_orders (registration_id);
CREATE INDEX IF NOT EXISTS ticket_orders_open_holds_idx
    ON ticket_orders (hold_expires_at) WHERE status = 'held';

CREATE TABLE IF NOT EXISTS payments (
    id                  uuid PRIMARY KEY,
    ticket_order_id     uuid NOT NULL REFERENCES ticket_orders (id),
    provider_charge_id  text NOT NULL,
    amount_cents        bigint NOT NULL,
    currency            char(3) NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_provider_charge_key UNIQUE (provider_charge_id)
);

CREATE TABLE IF NOT EXISTS refunds (
    id                  uuid PRIMARY KEY,
    ticket_order_id     uuid NOT NULL REFERENCES ticket_orders (id),
    payment_id          uuid NOT NULL REFERENCES payments (id),
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    status              text NOT NULL
                        CHECK (status IN ('requested', 'submitted', 'completed', 'failed')),
    provider_refund_id  text,
    reason              text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refunds_provider_refund_key UNIQUE (provider_refund_id)
);

-- At most one refund in flight or done per order; failed ones can be retried
-- by finance with a fresh row.
CREATE UNIQUE INDEX IF NOT EXISTS refunds_order_open_key
    ON refunds (ticket_order_id) WHERE status <> 'failed';

CREATE TABLE IF NOT EXISTS badges (
    id               uuid PRIMARY KEY,
    registration_id  uuid NOT NULL REFERENCES registrations (id),
    print_name       text NOT NULL,
    print_company    text NOT NULL DEFAULT '',
    qr_token         text NOT NULL,
    status           text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'submitted', 'printed', 'shipped')),
    print_job_id     text,
    reprint_count    integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT badges_registration_key UNIQUE (registration_id),
    CONSTRAINT badges_qr_token_key UNIQUE (qr_token)
);

CREATE TABLE IF NOT EXISTS sponsors (
    id                uuid PRIMARY KEY,
    name              text NOT NULL,
    billing_email     text NOT NULL,
    card_customer_id  text,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sponsor_packages (
    id             uuid PRIMARY KEY,
    conference_id  uuid NOT NULL REFERENCES conferences (id),
    code           text NOT NULL,
    name           text NOT NULL,
    price_cents    bigint NOT NULL CHECK (price_cents > 0),
    instalments    integer NOT NULL DEFAULT 1 CHECK (instalments BETWEEN 1 AND 12),
    slots          integer NOT NULL CHECK (slots >= 0),
    sold           integer NOT NULL DEFAULT 0,
    signage_sku    text NOT NULL DEFAULT '',
    CONSTRAINT sponsor_packages_code_key UNIQUE (conference_id, code),
    CONSTRAINT sponsor_packages_slots_chk CHECK (sold <= slots)
);

CREATE TABLE IF NOT EXISTS sponsorships (
    id             uuid PRIMARY KEY,
    sponsor_id     uuid NOT NULL REFERENCES sponsors (id),
    package_id     uuid NOT NULL REFERENCES sponsor_packages (id),
    conference_id  uuid NOT NULL REFERENCES conferences (id),
    total_cents    bigint NOT NULL,
    currency       char(3) NOT NULL,
    status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS sponsorships_active_key
    ON sponsorships (sponsor_id, package_id) WHERE status = 'active';

CREATE TABLE IF NOT EXISTS sponsor_instalments (
    id                  uuid PRIMARY KEY,
    sponsorship_id      uuid NOT NULL REFERENCES sponsorships (id),
    seq                 integer NOT NULL CHECK (seq >= 1),
    due_on              date NOT NULL,
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    paid_cents          bigint NOT NULL DEFAULT 0,
    status              text NOT NULL DEFAULT 'scheduled'
                        CHECK (status IN ('scheduled', 'billing', 'processing', 'paid', 'failed')),
    invoice_number      text NOT NULL,
    provider_charge_id  text,
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT sponsor_instalments_seq_key UNIQUE (sponsorship_id, seq),
    CONSTRAINT sponsor_instalments_invoice_key UNIQUE (invoice_number)
);

CREATE INDEX IF NOT EXISTS sponsor_instalments_due_idx
    ON sponsor_instalments (due_on) WHERE status = 'scheduled';

CREATE TABLE IF NOT EXISTS sponsor_payments (
    id             uuid PRIMARY KEY,
    instalment_id  uuid NOT NULL REFERENCES sponsor_instalments (id),
    method         text NOT NULL CHECK (method IN ('card', 'bank_transfer', 'cheque')),
    amount_cents   bigint NOT NULL CHECK (amount_cents > 0),
    reference      text NOT NULL DEFAULT '',
    received_on    date NOT NULL,
    recorded_by    text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS hotel_room_blocks (
    id                  uuid PRIMARY KEY,
    conference_id       uuid NOT NULL REFERENCES conferences (id),
    partner_block_code  text NOT NULL,
    hotel_name          text NOT NULL,
    rooms_total         integer NOT NULL CHECK (rooms_total >= 0),
    rooms_reserved      integer NOT NULL DEFAULT 0,
    cutoff_on           date NOT NULL,
    status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released')),
    released_rooms      integer NOT NULL DEFAULT 0,
    released_at         timestamptz,
    CONSTRAINT hotel_room_blocks_code_key UNIQUE (partner_block_code),
    CONSTRAINT hotel_room_blocks_rooms_chk CHECK (rooms_reserved <= rooms_total)
);

CREATE TABLE IF NOT EXISTS hotel_room_requests (
    id                    uuid PRIMARY KEY,
    registration_id       uuid NOT NULL REFERENCES registrations (id),
    block_id              uuid NOT NULL REFERENCES hotel_room_blocks (id),
    check_in              date NOT NULL,
    check_out             date NOT NULL,
    guests                integer NOT NULL DEFAULT 1 CHECK (guests BETWEEN 1 AND 4),
    status                text NOT NULL DEFAULT 'requested'
                          CHECK (status IN ('requested', 'reserved', 'failed', 'cancelled')),
    partner_confirmation  text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT hotel_room_requests_registration_key UNIQUE (registration_id),
    CONSTRAINT hotel_room_requests_dates_chk CHECK (check_out > check_in)
);

CREATE TABLE IF NOT EXISTS api_idempotency_keys (
    scope            text NOT NULL,
    key              text NOT NULL,
    response_status  integer NOT NULL,
    response_body    jsonb NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS webhook_events (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    event_type   text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE IF NOT EXISTS schema_patches (
    name        text PRIMARY KEY,
    applied_at  timestamptz NOT NULL DEFAULT now()
);
