CREATE TABLE owners (
    id                     uuid PRIMARY KEY,
    full_name              text NOT NULL,
    phone                  text NOT NULL,
    stripe_customer_id     text NOT NULL,
    default_payment_method text,
    created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sitters (
    id                uuid PRIMARY KEY,
    full_name         text NOT NULL,
    phone             text NOT NULL,
    stripe_account_id text,
    hourly_rate_cents bigint NOT NULL,
    rating_sum        bigint NOT NULL DEFAULT 0,
    rating_count      bigint NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pets (
    id       uuid PRIMARY KEY,
    owner_id uuid NOT NULL REFERENCES owners (id),
    name     text NOT NULL,
    species  text NOT NULL
);

CREATE TABLE bookings (
    id                 uuid PRIMARY KEY,
    owner_id           uuid NOT NULL REFERENCES owners (id),
    sitter_id          uuid NOT NULL REFERENCES sitters (id),
    pet_id             uuid NOT NULL REFERENCES pets (id),
    kind               text NOT NULL CHECK (kind IN ('walk', 'stay')),
    status             text NOT NULL DEFAULT 'requested',
    starts_at          timestamptz NOT NULL,
    ends_at            timestamptz NOT NULL,
    price_cents        bigint NOT NULL,
    currency           text NOT NULL DEFAULT 'usd',
    lock_id            text,
    access_code_id     text,
    access_code        text,
    key_first_used_at  timestamptz,
    reminder_queued_at timestamptz,
    accepted_at        timestamptz,
    completed_at       timestamptz,
    cancelled_at       timestamptz,
    cancel_reason      text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bookings_sitter_starts_idx ON bookings (sitter_id, starts_at);
CREATE INDEX bookings_reminder_idx ON bookings (starts_at) WHERE reminder_queued_at IS NULL;
