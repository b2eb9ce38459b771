-- Vaccination records, vendor webhooks and owner SMS.

CREATE TABLE vaccination_records (
    id                      text PRIMARY KEY,
    dog_id                  uuid NOT NULL REFERENCES dogs (id),
    vaccine                 text NOT NULL,
    administered_on         date NOT NULL,
    expires_on              date,
    clinic_name             text,
    document_url            text NOT NULL,
    status                  text NOT NULL,
    vendor_verification_id  text,
    rejection_reason        text,
    uploaded_by             text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    verified_at             timestamptz
);
CREATE INDEX vaccination_records_dog_idx ON vaccination_records (dog_id);

CREATE TABLE vet_webhook_events (
    event_id     text PRIMARY KEY,
    type         text NOT NULL,
    record_id    text,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_messages (
    id                   text PRIMARY KEY,
    owner_id             uuid NOT NULL REFERENCES owners (id),
    reservation_id       uuid REFERENCES reservations (id),
    template             text NOT NULL,
    to_phone             text NOT NULL,
    body                 text NOT NULL,
    dedup_key            text UNIQUE,
    status               text NOT NULL,
    provider_message_id  text UNIQUE,
    error                text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz
);

CREATE TABLE sms_delivery_receipts (
    provider_message_id  text PRIMARY KEY,
    status               text NOT NULL,
    error_code           text,
    updated_at           timestamptz NOT NULL DEFAULT now()
);
