CREATE TABLE service_requests (
    id             uuid PRIMARY KEY,
    filing_id      uuid NOT NULL REFERENCES filings (id),
    firm_id        uuid NOT NULL REFERENCES firms (id),
    party_name     text NOT NULL,
    address_line1  text NOT NULL,
    address_line2  text NOT NULL DEFAULT '',
    city           text NOT NULL,
    region         text NOT NULL,
    postal_code    text NOT NULL,
    instructions   text NOT NULL DEFAULT '',
    rush           boolean NOT NULL DEFAULT false,
    status         text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'booked', 'served', 'failed', 'cancelled')),
    booking_id     text UNIQUE,
    served_at      timestamptz,
    served_to      text,
    affidavit_url  text,
    failure_reason text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_attempts (
    id                  uuid PRIMARY KEY,
    service_request_id  uuid NOT NULL REFERENCES service_requests (id),
    provider_event_id   text NOT NULL,
    attempted_at        timestamptz NOT NULL,
    outcome             text NOT NULL,
    notes               text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX service_attempts_request_idx ON service_attempts (service_request_id, attempted_at);

CREATE TABLE gateway_callbacks (
    callback_id   text PRIMARY KEY,
    envelope_id   text,
    event_type    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE docket_entries (
    id           uuid PRIMARY KEY,
    court_code   text NOT NULL,
    case_number  text NOT NULL,
    sequence     int  NOT NULL,
    description  text NOT NULL,
    entered_at   timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (court_code, case_number, sequence)
);

CREATE TABLE docket_subscriptions (
    id           uuid PRIMARY KEY,
    matter_id    uuid NOT NULL REFERENCES matters (id),
    attorney_id  uuid NOT NULL REFERENCES attorneys (id),
    channel      text NOT NULL CHECK (channel IN ('email', 'sms')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (matter_id, attorney_id, channel)
);

CREATE TABLE notifications (
    id                   uuid PRIMARY KEY,
    attorney_id          uuid NOT NULL REFERENCES attorneys (id),
    channel              text NOT NULL CHECK (channel IN ('email', 'sms')),
    template             text NOT NULL,
    recipient            text NOT NULL,
    subject              text NOT NULL DEFAULT '',
    body                 text NOT NULL,
    docket_entry_id      uuid REFERENCES docket_entries (id),
    status               text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sent', 'failed')),
    provider_message_id  text,
    sent_at              timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX notifications_attorney_idx ON notifications (attorney_id, created_at DESC);

CREATE TABLE eservice_deliveries (
    id                 uuid PRIMARY KEY,
    filing_id          uuid NOT NULL REFERENCES filings (id),
    recipient_email    text NOT NULL,
    gateway_receipt_id text NOT NULL,
    served_at          timestamptz NOT NULL,
    UNIQUE (filing_id, recipient_email)
);
