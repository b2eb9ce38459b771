-- +goose Up
-- +goose StatementBegin
CREATE TABLE drivers (
    id             UUID PRIMARY KEY,
    display_name   TEXT        NOT NULL,
    push_token     TEXT,
    status         TEXT        NOT NULL DEFAULT 'active',
    payout_frozen  BOOLEAN     NOT NULL DEFAULT FALSE,
    payee_id       TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE bank_accounts (
    driver_id      UUID PRIMARY KEY REFERENCES drivers (id),
    account_token  TEXT        NOT NULL,
    last4          TEXT        NOT NULL,
    country        TEXT        NOT NULL,
    version        BIGINT      NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rider_payment_methods (
    rider_id           UUID PRIMARY KEY,
    shopper_reference  TEXT        NOT NULL,
    stored_method_id   TEXT        NOT NULL,
    brand              TEXT        NOT NULL,
    last4              TEXT        NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE rider_payment_methods;
DROP TABLE bank_accounts;
DROP TABLE drivers;
-- +goose StatementEnd
