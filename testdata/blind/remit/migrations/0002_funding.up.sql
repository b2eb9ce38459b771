CREATE TABLE funding_intents (
    id           uuid PRIMARY KEY,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    transfer_id  uuid       NOT NULL,
    method       text       NOT NULL CHECK (method IN ('card', 'bank_debit')),
    amount       bigint     NOT NULL,
    currency     varchar(3) NOT NULL,
    status       text       NOT NULL DEFAULT 'pending',
    provider_ref text,
    failure_code text
);
CREATE UNIQUE INDEX fundingintent_transfer_id_method ON funding_intents (transfer_id, method);

CREATE TABLE funding_events (
    id                uuid PRIMARY KEY,
    provider_event_id text        NOT NULL UNIQUE,
    type              text        NOT NULL,
    transfer_id       uuid,
    provider_ref      text,
    payload           bytea       NOT NULL,
    received_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id                 uuid PRIMARY KEY,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    transfer_id        uuid       NOT NULL,
    provider_refund_id text,
    amount             bigint     NOT NULL,
    currency           varchar(3) NOT NULL,
    reason             text       NOT NULL,
    status             text       NOT NULL DEFAULT 'pending'
);
CREATE INDEX refund_transfer_id ON refunds (transfer_id);
