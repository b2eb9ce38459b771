CREATE TABLE sms_attempts (
    id                  uuid PRIMARY KEY,
    to_phone            text NOT NULL,
    purpose             text NOT NULL,
    booking_id          uuid,
    provider_message_id text,
    status              text NOT NULL,
    error               text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sms_attempts_provider_msg_idx ON sms_attempts (provider_message_id);

CREATE TABLE sms_receipts (
    provider_message_id text NOT NULL,
    status              text NOT NULL,
    error_code          text,
    reported_at         timestamptz NOT NULL,
    received_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);

CREATE TABLE sms_opt_outs (
    phone      text PRIMARY KEY,
    keyword    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
