-- +goose Up
CREATE TABLE merchants (
    id                 TEXT PRIMARY KEY,
    external_ref       TEXT NOT NULL,
    name               TEXT NOT NULL,
    stripe_account_id  TEXT NOT NULL,
    webhook_url        TEXT,
    webhook_secret     TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT merchants_external_ref_key UNIQUE (external_ref)
);

CREATE TABLE terminals (
    id             TEXT PRIMARY KEY,
    merchant_id    TEXT NOT NULL REFERENCES merchants (id),
    serial_number  TEXT NOT NULL,
    label          TEXT NOT NULL DEFAULT '',
    api_key_hash   TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT terminals_serial_number_key UNIQUE (serial_number)
);

CREATE INDEX terminals_merchant_id_idx ON terminals (merchant_id);

-- +goose Down
DROP TABLE terminals;
DROP TABLE merchants;
