CREATE TABLE email_suppressions (
    email      text        PRIMARY KEY,
    reason     text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_audit (
    id          text        PRIMARY KEY,
    source      text        NOT NULL,
    payload     bytea       NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tax_receipts (
    donor_id   uuid        NOT NULL REFERENCES donors (id),
    tax_year   int         NOT NULL,
    message_id text        NOT NULL,
    sent_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (donor_id, tax_year)
);

CREATE TABLE email_outbox (
    id          text        PRIMARY KEY,
    message_key text        NOT NULL,
    to_email    text        NOT NULL,
    template    text        NOT NULL,
    status      text        NOT NULL,
    sent_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT email_outbox_message_key_key UNIQUE (message_key)
);

CREATE TABLE grantee_webhook_deliveries (
    org_id       uuid        NOT NULL REFERENCES organizations (id),
    event_key    text        NOT NULL,
    status_code  int         NOT NULL,
    attempts     int         NOT NULL DEFAULT 1,
    delivered_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, event_key)
);

CREATE TABLE sms_log (
    id      uuid        PRIMARY KEY,
    org_id  uuid        NOT NULL REFERENCES organizations (id),
    phone   text        NOT NULL,
    body    text        NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now()
);
