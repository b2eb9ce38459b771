CREATE TABLE family_messages (
    id          TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL REFERENCES families (id),
    body        TEXT NOT NULL,
    sent_by     TEXT NOT NULL,
    recipients  INT  NOT NULL,
    sent_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE sms_deliveries (
    dedup_key            TEXT NOT NULL,
    contact_id           TEXT NOT NULL,
    provider_message_id  TEXT NOT NULL,
    delivered_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (dedup_key, contact_id)
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    event_type   TEXT NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payment_events (
    id                 TEXT PRIMARY KEY,
    stripe_event_id    TEXT NOT NULL REFERENCES stripe_events (event_id),
    payment_intent_id  TEXT,
    kind               TEXT NOT NULL,
    amount_cents       BIGINT,
    recorded_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
