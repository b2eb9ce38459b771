-- +goose Up
-- +goose StatementBegin
CREATE TABLE disputes (
    id             UUID PRIMARY KEY,
    psp_reference  TEXT        NOT NULL UNIQUE,
    fare_id        UUID        NOT NULL REFERENCES fares (id),
    trip_id        TEXT        NOT NULL,
    driver_id      UUID        NOT NULL REFERENCES drivers (id),
    amount_cents   BIGINT      NOT NULL,
    currency       TEXT        NOT NULL,
    reason_code    TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'open',
    resolved_at    TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    provider     TEXT        NOT NULL,
    event_id     TEXT        NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE notifications (
    dedup_key   TEXT PRIMARY KEY,
    driver_id   UUID        NOT NULL REFERENCES drivers (id),
    category    TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE weekly_summaries (
    driver_id    UUID        NOT NULL REFERENCES drivers (id),
    week         TEXT        NOT NULL,
    total_cents  BIGINT      NOT NULL,
    sent_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (driver_id, week)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE weekly_summaries;
DROP TABLE notifications;
DROP TABLE webhook_events;
DROP TABLE disputes;
-- +goose StatementEnd
