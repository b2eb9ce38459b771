CREATE TABLE garage_sessions (
    id             UUID PRIMARY KEY,
    garage_id      TEXT NOT NULL,
    plate          TEXT NOT NULL,
    account_id     UUID REFERENCES accounts(id),
    entry_event_id TEXT NOT NULL UNIQUE,
    exit_event_id  TEXT UNIQUE,
    entered_at     TIMESTAMPTZ NOT NULL,
    exited_at      TIMESTAMPTZ,
    fee_cents      BIGINT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX garage_sessions_open_idx ON garage_sessions (garage_id, plate) WHERE exited_at IS NULL;

CREATE TABLE garage_tariffs (
    garage_id         TEXT PRIMARY KEY,
    first_hour_cents  BIGINT NOT NULL,
    next_hour_cents   BIGINT NOT NULL,
    daily_max_cents   BIGINT NOT NULL,
    grace_minutes     INT NOT NULL DEFAULT 10
);

CREATE TABLE plate_corrections (
    garage_session_id UUID NOT NULL REFERENCES garage_sessions(id),
    original_plate    TEXT NOT NULL,
    corrected_plate   TEXT NOT NULL,
    corrected_by      TEXT NOT NULL,
    corrected_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (garage_session_id, corrected_plate)
);

CREATE TABLE sms_log (
    id                  UUID PRIMARY KEY,
    account_id          UUID,
    to_number           TEXT NOT NULL,
    purpose             TEXT NOT NULL,
    client_reference    TEXT,
    provider_message_id TEXT,
    status              TEXT NOT NULL DEFAULT 'submitted',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX sms_log_provider_idx ON sms_log (provider_message_id);

CREATE TABLE inbound_sms (
    provider_message_id TEXT PRIMARY KEY,
    from_number         TEXT NOT NULL,
    body                TEXT NOT NULL,
    received_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
