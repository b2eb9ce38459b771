-- +goose Up
CREATE TABLE payments (
    id                   uuid PRIMARY KEY,
    machine_id           uuid NOT NULL REFERENCES machines (id),
    machine_txn_ref      text NOT NULL,
    amount_cents         bigint NOT NULL CHECK (amount_cents > 0),
    currency             char(3) NOT NULL,
    status               text NOT NULL CHECK (status IN
                           ('pending', 'authorized', 'declined', 'captured', 'settled', 'voided', 'refunded')),
    vend_status          text NOT NULL DEFAULT 'unknown' CHECK (vend_status IN ('unknown', 'delivered', 'failed')),
    provider_auth_id     text,
    provider_capture_id  text UNIQUE,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (machine_id, machine_txn_ref)
);
CREATE INDEX payments_capturable ON payments (created_at)
    WHERE status = 'authorized' AND vend_status = 'delivered';

-- Audit trail: one row per call to the card processor.
CREATE TABLE payment_attempts (
    id             uuid PRIMARY KEY,
    payment_id     uuid NOT NULL REFERENCES payments (id),
    operation      text NOT NULL,
    outcome        text NOT NULL,
    provider_code  text NOT NULL DEFAULT '',
    attempted_at   timestamptz NOT NULL
);
CREATE INDEX payment_attempts_payment ON payment_attempts (payment_id);

CREATE TABLE vend_outcomes (
    payment_id   uuid PRIMARY KEY REFERENCES payments (id),
    outcome      text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
    product_id   uuid,
    reported_at  timestamptz NOT NULL
);

CREATE TABLE refunds (
    id                  uuid PRIMARY KEY,
    payment_id          uuid NOT NULL REFERENCES payments (id),
    amount_cents        bigint NOT NULL CHECK (amount_cents > 0),
    reason              text NOT NULL CHECK (reason IN ('vend_failure', 'support')),
    status              text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
    provider_refund_id  text,
    telemetry_event_id  text,
    request_key         text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX refunds_telemetry_event ON refunds (telemetry_event_id) WHERE telemetry_event_id IS NOT NULL;
CREATE UNIQUE INDEX refunds_request_key ON refunds (request_key) WHERE request_key IS NOT NULL;

-- Settlement-side money movements reported by the processor's webhooks.
CREATE TABLE settlement_ledger (
    id                 uuid PRIMARY KEY,
    payment_id         uuid NOT NULL REFERENCES payments (id),
    kind               text NOT NULL CHECK (kind IN ('settlement', 'chargeback')),
    amount_cents       bigint NOT NULL,
    fee_cents          bigint NOT NULL DEFAULT 0,
    provider_event_id  text NOT NULL,
    created_at         timestamptz NOT NULL
);
CREATE INDEX settlement_ledger_payment ON settlement_ledger (payment_id);

CREATE TABLE processed_webhooks (
    event_id      text PRIMARY KEY,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

-- Every delivery attempt, including rejected signatures, for support.
CREATE TABLE webhook_deliveries (
    id            uuid PRIMARY KEY,
    provider      text NOT NULL,
    event_id      text NOT NULL,
    event_type    text NOT NULL,
    signature_ok  boolean NOT NULL,
    received_at   timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE http_idempotency (
    scope        text NOT NULL,
    idem_key     text NOT NULL,
    status_code  integer NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, idem_key)
);

-- +goose Down
DROP TABLE http_idempotency;
DROP TABLE webhook_deliveries;
DROP TABLE processed_webhooks;
DROP TABLE settlement_ledger;
DROP TABLE refunds;
DROP TABLE vend_outcomes;
DROP TABLE payment_attempts;
DROP TABLE payments;
