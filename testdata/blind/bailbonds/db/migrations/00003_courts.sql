-- +goose Up
CREATE TABLE court_dates (
    id           uuid PRIMARY KEY,
    bond_id      uuid        NOT NULL REFERENCES bonds (id),
    case_number  text        NOT NULL,
    courtroom    text        NOT NULL DEFAULT '',
    appears_at   timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX court_dates_appears_idx ON court_dates (appears_at);

CREATE TABLE court_reminders (
    id                  uuid PRIMARY KEY,
    court_date_id       uuid        NOT NULL REFERENCES court_dates (id),
    lead_days           int         NOT NULL,
    phone               text        NOT NULL,
    send_at             timestamptz NOT NULL,
    status              text        NOT NULL DEFAULT 'scheduled',
    provider_message_id text,
    sent_at             timestamptz,
    UNIQUE (court_date_id, lead_days)
);

CREATE TABLE sms_attempts (
    id                  uuid PRIMARY KEY,
    reminder_id         uuid        NOT NULL REFERENCES court_reminders (id),
    attempted_at        timestamptz NOT NULL,
    provider_message_id text,
    error               text
);

CREATE TABLE forfeiture_notices (
    id                uuid PRIMARY KEY,
    county            text        NOT NULL,
    notice_number     text        NOT NULL,
    case_number       text        NOT NULL,
    bond_id           uuid REFERENCES bonds (id),
    forfeited_on      date        NOT NULL,
    amount_cents      bigint      NOT NULL,
    status            text        NOT NULL DEFAULT 'received',
    surety_claim_no   text,
    received_at       timestamptz NOT NULL DEFAULT now(),
    reported_at       timestamptz,
    CONSTRAINT forfeiture_notices_county_notice_key UNIQUE (county, notice_number)
);

-- +goose Down
DROP TABLE forfeiture_notices;
DROP TABLE sms_attempts;
DROP TABLE court_reminders;
DROP TABLE court_dates;
