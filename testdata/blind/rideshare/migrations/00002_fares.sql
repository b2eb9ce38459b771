-- +goose Up
-- +goose StatementBegin
CREATE TABLE fares (
    id                UUID PRIMARY KEY,
    trip_id           TEXT        NOT NULL UNIQUE,
    rider_id          UUID        NOT NULL,
    driver_id         UUID        NOT NULL REFERENCES drivers (id),
    amount_cents      BIGINT      NOT NULL,
    currency          TEXT        NOT NULL,
    auth_psp_ref      TEXT        NOT NULL,
    capture_key       TEXT        NOT NULL,
    capture_psp_ref   TEXT,
    status            TEXT        NOT NULL DEFAULT 'pending',
    capture_attempts  INT         NOT NULL DEFAULT 0,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX fares_status_idx ON fares (status, updated_at);

CREATE TABLE cancellation_fees (
    trip_id        TEXT PRIMARY KEY,
    rider_id       UUID        NOT NULL,
    driver_id      UUID        NOT NULL REFERENCES drivers (id),
    amount_cents   BIGINT      NOT NULL,
    currency       TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'pending',
    psp_reference  TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tolls (
    id            UUID PRIMARY KEY,
    trip_id       TEXT        NOT NULL,
    toll_ref      TEXT        NOT NULL,
    driver_id     UUID        NOT NULL REFERENCES drivers (id),
    amount_cents  BIGINT      NOT NULL,
    currency      TEXT        NOT NULL,
    plaza         TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (trip_id, toll_ref)
);

CREATE TABLE tips (
    id             UUID PRIMARY KEY,
    trip_id        TEXT        NOT NULL,
    rider_id       UUID        NOT NULL,
    driver_id      UUID        NOT NULL REFERENCES drivers (id),
    amount_cents   BIGINT      NOT NULL,
    currency       TEXT        NOT NULL,
    status         TEXT        NOT NULL DEFAULT 'pending',
    psp_reference  TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX tips_trip_idx ON tips (trip_id);

CREATE TABLE refunds (
    id             UUID PRIMARY KEY,
    fare_id        UUID        NOT NULL REFERENCES fares (id),
    trip_id        TEXT        NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    currency       TEXT        NOT NULL,
    reason         TEXT        NOT NULL,
    requested_by   TEXT        NOT NULL,
    psp_reference  TEXT,
    status         TEXT        NOT NULL DEFAULT 'requested',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE wallet_topups (
    id               UUID PRIMARY KEY,
    rider_id         UUID        NOT NULL,
    idempotency_key  TEXT        NOT NULL UNIQUE,
    amount_cents     BIGINT      NOT NULL,
    currency         TEXT        NOT NULL,
    status           TEXT        NOT NULL DEFAULT 'pending',
    psp_reference    TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE wallet_topups;
DROP TABLE refunds;
DROP TABLE tips;
DROP TABLE tolls;
DROP TABLE cancellation_fees;
DROP TABLE fares;
-- +goose StatementEnd
