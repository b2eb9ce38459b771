-- +goose Up
CREATE TABLE adverse_action_letters (
    id                  TEXT PRIMARY KEY,
    application_id      TEXT NOT NULL REFERENCES applications(id),
    kind                TEXT NOT NULL DEFAULT 'adverse_action',
    reason_codes        TEXT[] NOT NULL,
    bureau_names        TEXT[] NOT NULL,
    recipient_name      TEXT NOT NULL,
    addr_line1          TEXT NOT NULL,
    addr_line2          TEXT NOT NULL DEFAULT '',
    addr_city           TEXT NOT NULL,
    addr_state          TEXT NOT NULL,
    addr_zip            TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'queued',
    printmail_letter_id TEXT UNIQUE,
    attempts            INT NOT NULL DEFAULT 0,
    last_error          TEXT,
    expected_delivery   DATE,
    requested_by        TEXT NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    mailed_at           TIMESTAMPTZ,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX adverse_action_letters_queued_idx ON adverse_action_letters (created_at) WHERE status = 'queued';

CREATE TABLE printmail_events (
    event_id    TEXT PRIMARY KEY,
    letter_id   TEXT NOT NULL,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE letter_tracking (
    id          TEXT PRIMARY KEY,
    letter_id   TEXT NOT NULL REFERENCES adverse_action_letters(id),
    event_type  TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    occurred_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE letter_tracking;
DROP TABLE printmail_events;
DROP TABLE adverse_action_letters;
