-- +goose Up
CREATE TABLE notices (
    id         UUID PRIMARY KEY,
    account_id UUID        NOT NULL REFERENCES owner_accounts (id),
    template   TEXT        NOT NULL,
    subject    TEXT        NOT NULL,
    body       TEXT        NOT NULL,
    channels   TEXT[]      NOT NULL DEFAULT '{email}',
    source_key TEXT        NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE notice_deliveries (
    id           UUID PRIMARY KEY,
    notice_id    UUID        NOT NULL REFERENCES notices (id),
    channel      TEXT        NOT NULL CHECK (channel IN ('email', 'sms')),
    status       TEXT        NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
    provider_ref TEXT,
    attempts     INT         NOT NULL DEFAULT 1,
    last_error   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (notice_id, channel)
);

-- +goose Down
DROP TABLE notice_deliveries;
DROP TABLE notices;
