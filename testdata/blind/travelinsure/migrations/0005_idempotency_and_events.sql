-- Request idempotency and inbound event de-duplication.

CREATE TABLE idempotency_keys (
    partner_id      uuid NOT NULL REFERENCES partners (id),
    scope           text NOT NULL,
    key             text NOT NULL,
    request_hash    text NOT NULL,
    resource_id     uuid,
    response_status integer NOT NULL DEFAULT 0,
    response_body   bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (partner_id, scope, key)
);

CREATE TABLE partner_events (
    partner_id  uuid NOT NULL REFERENCES partners (id),
    event_id    text NOT NULL,
    type        text NOT NULL,
    booking_ref text NOT NULL,
    payload     jsonb NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (partner_id, event_id)
);

CREATE TABLE webhook_events (
    provider    text NOT NULL,
    event_id    text NOT NULL,
    type        text NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (provider, event_id)
);
