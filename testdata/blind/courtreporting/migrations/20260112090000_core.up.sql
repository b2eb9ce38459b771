CREATE TABLE firms (
    id                      text PRIMARY KEY,
    name                    text NOT NULL,
    billing_email           text NOT NULL,
    sms_contact             text,
    stripe_customer_id      text,
    default_payment_method  text,
    autocharge              boolean NOT NULL DEFAULT false,
    created_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE attorneys (
    id          text PRIMARY KEY,
    firm_id     text NOT NULL REFERENCES firms (id),
    name        text NOT NULL,
    email       text NOT NULL,
    UNIQUE (firm_id, email)
);

CREATE TABLE reporters (
    id              text PRIMARY KEY,
    name            text NOT NULL,
    phone           text NOT NULL,
    email           text NOT NULL,
    per_page_cents  bigint NOT NULL,
    ytd_paid_cents  bigint NOT NULL DEFAULT 0,
    region          text NOT NULL,
    active          boolean NOT NULL DEFAULT true
);

CREATE TABLE bookings (
    id                      text PRIMARY KEY,
    firm_id                 text NOT NULL REFERENCES firms (id),
    attorney_id             text REFERENCES attorneys (id),
    case_caption            text NOT NULL,
    deponent                text NOT NULL,
    location                text NOT NULL,
    region                  text NOT NULL,
    starts_at               timestamptz NOT NULL,
    expected_hours          integer NOT NULL DEFAULT 2,
    status                  text NOT NULL DEFAULT 'requested',
    rush                    boolean NOT NULL DEFAULT false,
    rush_turnaround_days    integer,
    portal_matter_id        text,
    confirmation_sent_at    timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bookings_firm_idx ON bookings (firm_id, starts_at);

CREATE TABLE idempotency_keys (
    firm_id         text NOT NULL,
    key             text NOT NULL,
    request_hash    text NOT NULL,
    booking_id      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (firm_id, key)
);

CREATE TABLE assignments (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL UNIQUE REFERENCES bookings (id),
    reporter_id     text NOT NULL REFERENCES reporters (id),
    status          text NOT NULL DEFAULT 'offered',
    offered_at      timestamptz NOT NULL DEFAULT now(),
    accepted_at     timestamptz
);

CREATE TABLE transcripts (
    id              text PRIMARY KEY,
    booking_id      text NOT NULL UNIQUE REFERENCES bookings (id),
    reporter_id     text NOT NULL REFERENCES reporters (id),
    status          text NOT NULL DEFAULT 'in_progress',
    pages           integer NOT NULL DEFAULT 0,
    version         integer NOT NULL DEFAULT 1,
    file_key        text,
    submitted_at    timestamptz,
    delivered_at    timestamptz
);

CREATE TABLE transcript_deliveries (
    transcript_id       text NOT NULL REFERENCES transcripts (id),
    version             integer NOT NULL,
    portal_delivery_id  text NOT NULL,
    attempts            integer NOT NULL DEFAULT 1,
    delivered_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (transcript_id, version)
);

CREATE TABLE delivery_receipts (
    portal_delivery_id  text PRIMARY KEY,
    transcript_id       text NOT NULL REFERENCES transcripts (id),
    received_by         text NOT NULL,
    received_at         timestamptz NOT NULL
);

CREATE TABLE portal_shares (
    matter_id       text NOT NULL,
    attorney_email  text NOT NULL,
    share_id        text NOT NULL,
    granted_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (matter_id, attorney_email)
);
