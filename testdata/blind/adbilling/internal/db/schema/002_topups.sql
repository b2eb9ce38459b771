-- Prepaid top-ups by card (charged through the payment gateway) or bank
-- transfer (credited when the gateway reports the incoming transfer).
CREATE TABLE topups (
    id                  TEXT PRIMARY KEY,
    advertiser_id       TEXT        NOT NULL REFERENCES advertisers (id),
    method              TEXT        NOT NULL CHECK (method IN ('card', 'bank_transfer', 'auto_recharge')),
    amount_micros       BIGINT      NOT NULL,
    received_micros     BIGINT      NOT NULL DEFAULT 0,
    currency            CHAR(3)     NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'succeeded', 'failed')),
    payment_method_id   TEXT,
    gateway_charge_id   TEXT,
    bank_reference      TEXT,
    failure_reason      TEXT,
    receipt_message_id  TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX topups_bank_reference_uq ON topups (bank_reference) WHERE bank_reference IS NOT NULL;
CREATE INDEX topups_advertiser_idx ON topups (advertiser_id, created_at DESC);

-- Caller-supplied Idempotency-Key headers, scoped per operation.
CREATE TABLE idempotency_keys (
    scope        TEXT        NOT NULL,
    key          TEXT        NOT NULL,
    resource_id  TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- Gateway webhook events already handled.
CREATE TABLE gateway_webhook_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
