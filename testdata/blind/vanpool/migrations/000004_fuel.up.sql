CREATE TABLE fuel_cards (
    card_token         text PRIMARY KEY,
    vanpool_id         uuid        NOT NULL REFERENCES vanpools (id),
    driver_member_id   uuid        REFERENCES members (id),
    last4              text        NOT NULL,
    status             text        NOT NULL DEFAULT 'active',
    status_changed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fuel_budgets (
    vanpool_id     uuid        NOT NULL REFERENCES vanpools (id),
    period         text        NOT NULL,
    limit_cents    bigint      NOT NULL,
    pending_cents  bigint      NOT NULL DEFAULT 0,
    settled_cents  bigint      NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (vanpool_id, period)
);

CREATE TABLE fuel_authorizations (
    id                 uuid PRIMARY KEY,
    processor_auth_id  text        NOT NULL,
    card_token         text        NOT NULL REFERENCES fuel_cards (card_token),
    vanpool_id         uuid        NOT NULL REFERENCES vanpools (id),
    amount_cents       bigint      NOT NULL,
    merchant_name      text        NOT NULL,
    authorized_at      timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX fuel_authorizations_processor_idx ON fuel_authorizations (processor_auth_id);

CREATE TABLE fuel_reversals (
    processor_auth_id  text PRIMARY KEY,
    vanpool_id         uuid        NOT NULL REFERENCES vanpools (id),
    amount_cents       bigint      NOT NULL,
    reversed_at        timestamptz NOT NULL
);

CREATE TABLE fuel_declines (
    processor_event_id text PRIMARY KEY,
    card_token         text        NOT NULL,
    vanpool_id         uuid        NOT NULL REFERENCES vanpools (id),
    amount_cents       bigint      NOT NULL,
    reason_code        text        NOT NULL,
    declined_at        timestamptz NOT NULL
);

CREATE TABLE fuel_transactions (
    processor_txn_id   text PRIMARY KEY,
    card_token         text        NOT NULL,
    vanpool_id         uuid        NOT NULL REFERENCES vanpools (id),
    settlement_id      text        NOT NULL,
    gallons_milli      bigint      NOT NULL,
    amount_cents       bigint      NOT NULL,
    odometer           integer,
    merchant_name      text        NOT NULL,
    settled_at         timestamptz NOT NULL
);

CREATE TABLE fuel_webhook_events (
    event_id     text PRIMARY KEY,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- Consumer-side bookkeeping for the processor's Kafka stream.
CREATE TABLE processed_stream_events (
    consumer     text        NOT NULL,
    event_id     text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
