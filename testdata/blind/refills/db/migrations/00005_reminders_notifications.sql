-- +goose Up
CREATE TABLE refill_reminders (
    id                  text PRIMARY KEY,
    prescription_id     uuid        NOT NULL REFERENCES prescriptions (id),
    patient_id          uuid        NOT NULL REFERENCES patients (id),
    due_on              date        NOT NULL,
    status              text        NOT NULL,
    provider_message_id text,
    sent_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refill_reminders_rx_due_key UNIQUE (prescription_id, due_on)
);

CREATE TABLE reminder_scan_runs (
    id          text PRIMARY KEY,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    candidates  integer     NOT NULL DEFAULT 0,
    enqueued    integer     NOT NULL DEFAULT 0
);

CREATE TABLE notifications (
    id                  uuid PRIMARY KEY,
    patient_id          uuid        NOT NULL REFERENCES patients (id),
    refill_id           uuid REFERENCES refill_requests (id),
    template            text        NOT NULL,
    dedup_key           text        NOT NULL,
    provider_message_id text        NOT NULL DEFAULT '',
    sent_at             timestamptz NOT NULL,
    CONSTRAINT notifications_template_dedup_key UNIQUE (template, dedup_key)
);

-- +goose Down
DROP TABLE notifications;
DROP TABLE reminder_scan_runs;
DROP TABLE refill_reminders;
