-- +goose Up
-- +goose StatementBegin
CREATE TABLE ach_events (
    id                BIGSERIAL PRIMARY KEY,
    provider_event_id TEXT        NOT NULL,
    event_type        TEXT        NOT NULL,
    payment_id        TEXT        NOT NULL,
    payload           JSONB       NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT ach_events_provider_event_key UNIQUE (provider_event_id)
);

CREATE TABLE ach_returns (
    id                 BIGSERIAL PRIMARY KEY,
    provider_return_id TEXT          NOT NULL,
    payment_id         TEXT          NOT NULL,
    return_code        TEXT          NOT NULL,
    description        TEXT          NOT NULL DEFAULT '',
    amount             NUMERIC(14,2) NOT NULL,
    received_at        TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT ach_returns_provider_return_key UNIQUE (provider_return_id)
);

CREATE TABLE notifications (
    id                  BIGSERIAL PRIMARY KEY,
    grower_id           BIGINT      NOT NULL REFERENCES growers (id),
    channel             TEXT        NOT NULL,
    template            TEXT        NOT NULL,
    ref                 TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_message_id TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ,
    CONSTRAINT notifications_channel_template_ref_key UNIQUE (channel, template, ref)
);

CREATE TABLE grower_notices (
    id                  UUID PRIMARY KEY,
    grower_id           BIGINT      NOT NULL REFERENCES growers (id),
    client_notice_id    TEXT        NOT NULL,
    body                TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'queued',
    provider_message_id TEXT        NOT NULL DEFAULT '',
    created_by          TEXT        NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ,
    CONSTRAINT grower_notices_client_key UNIQUE (grower_id, client_notice_id)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE grower_notices;
DROP TABLE notifications;
DROP TABLE ach_returns;
DROP TABLE ach_events;
-- +goose StatementEnd
