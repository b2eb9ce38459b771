-- +goose Up
CREATE TABLE damage_claims (
    id                 UUID PRIMARY KEY,
    subscription_id    UUID        NOT NULL REFERENCES subscriptions (id),
    incident_id        UUID        REFERENCES incidents (id),
    description        TEXT        NOT NULL,
    estimated_cents    BIGINT      NOT NULL,
    approved_cents     BIGINT,
    status             TEXT        NOT NULL
                       CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'settled')),
    insurer_claim_ref  TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT damage_claims_insurer_claim_ref_key UNIQUE (insurer_claim_ref)
);

CREATE INDEX damage_claims_subscription_idx ON damage_claims (subscription_id);

CREATE TABLE notifications (
    id                   UUID PRIMARY KEY,
    customer_id          UUID        NOT NULL REFERENCES customers (id),
    channel              TEXT        NOT NULL CHECK (channel IN ('email', 'sms', 'push')),
    template             TEXT        NOT NULL,
    vars                 JSONB       NOT NULL DEFAULT '{}'::jsonb,
    dedupe_key           TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'queued'
                         CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
    attempts             INTEGER     NOT NULL DEFAULT 0,
    last_error           TEXT,
    provider_message_id  TEXT,
    locked_until         TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at              TIMESTAMPTZ,
    CONSTRAINT notifications_dedupe_key_key UNIQUE (dedupe_key)
);

CREATE INDEX notifications_pending_idx ON notifications (created_at) WHERE status IN ('queued', 'sending');

-- +goose Down
DROP TABLE notifications;
DROP TABLE damage_claims;
