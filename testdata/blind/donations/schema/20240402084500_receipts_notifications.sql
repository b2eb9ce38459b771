-- Tax receipts, email provider events and charity webhooks.
CREATE SEQUENCE receipt_number_seq START 100000;

CREATE TABLE receipts (
    id             bigserial PRIMARY KEY,
    donation_id    uuid        NOT NULL REFERENCES donations (id),
    receipt_number text        NOT NULL UNIQUE,
    message_ref    text        NOT NULL,
    emailed_at     timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT receipts_donation_key UNIQUE (donation_id)
);

CREATE TABLE email_events (
    provider_event_id text PRIMARY KEY,
    email             text        NOT NULL,
    type              text        NOT NULL,
    message_ref       text,
    occurred_at       timestamptz NOT NULL
);

CREATE TABLE charity_notifications (
    donation_id  uuid PRIMARY KEY REFERENCES donations (id),
    charity_id   uuid        NOT NULL REFERENCES charities (id),
    status_code  integer     NOT NULL,
    delivered_at timestamptz NOT NULL DEFAULT now()
);
