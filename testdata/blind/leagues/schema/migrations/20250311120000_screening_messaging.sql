-- Coach screening, vendor call log, webhook inbox and messaging.

CREATE TABLE background_checks (
    id               text        PRIMARY KEY,
    coach_id         uuid        NOT NULL REFERENCES coaches (id),
    season_id        uuid        NOT NULL REFERENCES seasons (id),
    kind             text        NOT NULL DEFAULT 'initial',
    status           text        NOT NULL,
    vendor_order_id  text,
    invite_url       text        NOT NULL DEFAULT '',
    result           text        NOT NULL DEFAULT '',
    requested_at     timestamptz NOT NULL DEFAULT now(),
    submitted_at     timestamptz,
    completed_at     timestamptz,
    expires_at       timestamptz
);
-- One initial screening per coach per season; renewals are unconstrained.
CREATE UNIQUE INDEX background_checks_initial_key
    ON background_checks (coach_id, season_id) WHERE kind = 'initial';
CREATE UNIQUE INDEX background_checks_vendor_order_key
    ON background_checks (vendor_order_id) WHERE vendor_order_id IS NOT NULL;

CREATE TABLE vendor_call_attempts (
    id           text        PRIMARY KEY,
    vendor       text        NOT NULL,
    operation    text        NOT NULL,
    subject_id   text        NOT NULL,
    attempt      integer     NOT NULL,
    status_code  integer     NOT NULL DEFAULT 0,
    error        text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vendor_call_attempts_subject_idx ON vendor_call_attempts (subject_id);

CREATE TABLE webhook_events (
    provider     text        NOT NULL,
    event_id     text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE sms_outbox (
    id                   text        PRIMARY KEY,
    dedup_key            text        NOT NULL,
    registration_id      uuid        REFERENCES registrations (id),
    to_phone             text        NOT NULL,
    template             text        NOT NULL,
    body                 text        NOT NULL,
    status               text        NOT NULL DEFAULT 'queued',
    provider_message_id  text,
    attempts             integer     NOT NULL DEFAULT 0,
    last_error           text        NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT sms_outbox_dedup_key UNIQUE (dedup_key)
);
CREATE INDEX sms_outbox_provider_msg_idx ON sms_outbox (provider_message_id);

CREATE TABLE sms_status_events (
    provider_message_id  text        NOT NULL,
    status               text        NOT NULL,
    error_code           text        NOT NULL DEFAULT '',
    occurred_at          timestamptz NOT NULL,
    received_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider_message_id, status)
);

-- Reminder blasts are logged per recipient for the admin "who was told" view.
CREATE TABLE reminder_log (
    id                   text        PRIMARY KEY,
    task_id              text        NOT NULL,
    season_id            uuid        NOT NULL REFERENCES seasons (id),
    registration_id      uuid        NOT NULL REFERENCES registrations (id),
    to_phone             text        NOT NULL,
    provider_message_id  text        NOT NULL,
    sent_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminder_log_registration_idx ON reminder_log (registration_id);
