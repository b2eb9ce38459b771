-- +goose Up
-- +goose StatementBegin
CREATE TABLE notifications (
    id            UUID PRIMARY KEY,
    patient_id    UUID        NOT NULL REFERENCES patients (id),
    order_id      UUID,
    template      TEXT        NOT NULL,
    to_phone      TEXT        NOT NULL,
    body          TEXT        NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'pending',
    provider_sid  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at       TIMESTAMPTZ,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX notifications_provider_sid_key ON notifications (provider_sid) WHERE provider_sid IS NOT NULL;

CREATE TABLE notification_attempts (
    id              TEXT PRIMARY KEY,
    notification_id UUID,
    provider_sid    TEXT,
    status          TEXT        NOT NULL,
    detail          TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refill_reminders (
    id              UUID PRIMARY KEY,
    prescription_id UUID        NOT NULL REFERENCES prescriptions (id),
    due_date        DATE        NOT NULL,
    notification_id UUID        NOT NULL REFERENCES notifications (id),
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX refill_reminders_prescription_idx ON refill_reminders (prescription_id, due_date);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE refill_reminders;
DROP TABLE notification_attempts;
DROP TABLE notifications;
-- +goose StatementEnd
