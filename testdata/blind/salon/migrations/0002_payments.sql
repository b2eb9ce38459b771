-- Card payments, refunds, disputes and provider webhooks.

CREATE TABLE payments (
    id                 uuid PRIMARY KEY,
    appointment_id     uuid        REFERENCES appointments (id),
    voucher_id         uuid,
    client_id          uuid        REFERENCES clients (id),
    purpose            text        NOT NULL CHECK (purpose IN ('deposit', 'no_show_fee', 'balance', 'voucher_purchase')),
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    currency           text        NOT NULL DEFAULT 'GBP',
    status             text        NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'succeeded', 'failed', 'refunded', 'disputed')),
    provider_charge_id text,
    failure_code       text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_provider_charge_uq ON payments (provider_charge_id) WHERE provider_charge_id IS NOT NULL;

-- One deposit, one no-show fee and one balance payment per appointment.
CREATE UNIQUE INDEX payments_appointment_purpose_uq
    ON payments (appointment_id, purpose)
    WHERE appointment_id IS NOT NULL;

CREATE TABLE refunds (
    provider_refund_id text PRIMARY KEY,
    payment_id         uuid        NOT NULL REFERENCES payments (id),
    amount_cents       bigint      NOT NULL,
    reason             text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE disputes (
    provider_dispute_id text PRIMARY KEY,
    payment_id          uuid        REFERENCES payments (id),
    amount_cents        bigint      NOT NULL,
    reason              text        NOT NULL DEFAULT '',
    status              text        NOT NULL DEFAULT 'open',
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    provider    text        NOT NULL,
    event_id    text        NOT NULL,
    event_type  text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- Per-consumer record of processed JetStream messages.
CREATE TABLE consumer_inbox (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
