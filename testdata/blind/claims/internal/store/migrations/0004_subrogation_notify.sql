-- +migrate Up
CREATE TABLE subrogation_cases (
    claim_id      UUID PRIMARY KEY REFERENCES claims (id),
    counterparty  TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    demand_cents  BIGINT      NOT NULL,
    packet_key    TEXT,
    opened_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subrogation_recoveries (
    id            TEXT PRIMARY KEY,
    claim_id      UUID        NOT NULL REFERENCES claims (id),
    vendor_ref    TEXT        NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    received_at   TIMESTAMPTZ NOT NULL
);

CREATE INDEX subrogation_recoveries_claim_idx ON subrogation_recoveries (claim_id);

CREATE TABLE notifications (
    id                   TEXT PRIMARY KEY,
    claim_id             UUID        NOT NULL,
    channel              TEXT        NOT NULL,
    template             TEXT        NOT NULL,
    recipient            TEXT        NOT NULL,
    provider_message_id  TEXT,
    sent_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE broker_webhook_deliveries (
    id            BIGSERIAL PRIMARY KEY,
    claim_id      UUID        NOT NULL,
    url           TEXT        NOT NULL,
    status_code   INT         NOT NULL,
    delivered_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE email_suppressions (
    email       TEXT PRIMARY KEY,
    reason      TEXT        NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Raw SES feedback notifications, kept append-only for audits.
CREATE TABLE ses_feedback_log (
    id             TEXT PRIMARY KEY,
    email          TEXT        NOT NULL,
    feedback_type  TEXT        NOT NULL,
    raw            JSONB       NOT NULL,
    received_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
