-- +goose Up
CREATE TABLE notification_log (
    id                  TEXT PRIMARY KEY,
    recipient_id        TEXT NOT NULL,
    kind                TEXT NOT NULL,
    ref                 TEXT NOT NULL,
    channel             TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    provider_message_id TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (kind, ref, channel)
);

CREATE TABLE dunning_notices (
    invoice_id TEXT NOT NULL REFERENCES invoices (id),
    attempt    INT  NOT NULL,
    channel    TEXT NOT NULL,
    message_id TEXT,
    sent_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (invoice_id, attempt, channel)
);

CREATE TABLE newsletter_issues (
    id           TEXT PRIMARY KEY,
    week_start   DATE NOT NULL UNIQUE,
    subject      TEXT NOT NULL,
    body_html    TEXT NOT NULL,
    scheduled_at TIMESTAMPTZ NOT NULL,
    completed_at TIMESTAMPTZ
);

CREATE TABLE newsletter_sends (
    issue_id   TEXT NOT NULL REFERENCES newsletter_issues (id),
    member_id  TEXT NOT NULL REFERENCES members (id),
    message_id TEXT,
    sent_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (issue_id, member_id)
);

-- +goose Down
DROP TABLE newsletter_sends;
DROP TABLE newsletter_issues;
DROP TABLE dunning_notices;
DROP TABLE notification_log;
