-- +goose Up
CREATE TABLE fraud_holds (
    id           uuid PRIMARY KEY,
    card_id      uuid        NOT NULL REFERENCES cards (id),
    reason       text        NOT NULL,
    placed_by    text        NOT NULL,
    placed_at    timestamptz NOT NULL DEFAULT now(),
    released_at  timestamptz,
    released_by  text
);

-- A card carries at most one active hold.
CREATE UNIQUE INDEX fraud_holds_one_active_idx ON fraud_holds (card_id) WHERE released_at IS NULL;

CREATE TABLE fraud_flags (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    network_auth_id  text        NOT NULL UNIQUE REFERENCES authorizations (network_auth_id),
    card_id          uuid        NOT NULL REFERENCES cards (id),
    rule             text        NOT NULL,
    score            integer     NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_alerts (
    id                   bigserial PRIMARY KEY,
    driver_id            uuid        NOT NULL REFERENCES drivers (id),
    card_id              uuid REFERENCES cards (id),
    template             text        NOT NULL,
    phone_e164           text        NOT NULL,
    body                 text        NOT NULL,
    status               text        NOT NULL DEFAULT 'queued'
                             CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
    provider_message_id  text UNIQUE,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    delivered_at         timestamptz
);

CREATE TABLE sms_receipts (
    provider_message_id  text        NOT NULL,
    status               text        NOT NULL,
    error_code           text,
    reported_at          timestamptz NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);

-- +goose Down
DROP TABLE sms_receipts;
DROP TABLE sms_alerts;
DROP TABLE fraud_flags;
DROP TABLE fraud_holds;
