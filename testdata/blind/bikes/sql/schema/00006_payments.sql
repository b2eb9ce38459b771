-- +goose Up
CREATE TABLE ride_charges (
    id                 uuid PRIMARY KEY,
    ride_id            uuid        NOT NULL REFERENCES rides (id),
    rider_id           uuid        NOT NULL REFERENCES riders (id),
    amount_cents       bigint      NOT NULL,
    currency           text        NOT NULL DEFAULT 'usd',
    status             text        NOT NULL DEFAULT 'pending',
    payment_intent_id  text,
    failure_code       text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    charged_at         timestamptz
);

CREATE TABLE wallet_accounts (
    rider_id      uuid PRIMARY KEY REFERENCES riders (id),
    balance_cents bigint      NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_ledger (
    id           uuid PRIMARY KEY,
    rider_id     uuid        NOT NULL REFERENCES riders (id),
    amount_cents bigint      NOT NULL,
    reason       text        NOT NULL,
    reference    text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX wallet_ledger_rider_idx ON wallet_ledger (rider_id, created_at DESC);

CREATE TABLE topups (
    id                 text PRIMARY KEY,
    rider_id           uuid        NOT NULL REFERENCES riders (id),
    amount_cents       bigint      NOT NULL,
    source             text        NOT NULL DEFAULT 'app',
    status             text        NOT NULL DEFAULT 'pending',
    payment_intent_id  text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    credited_at        timestamptz
);

CREATE INDEX topups_payment_intent_idx ON topups (payment_intent_id);

-- +goose Down
DROP TABLE topups;
DROP TABLE wallet_ledger;
DROP TABLE wallet_accounts;
DROP TABLE ride_charges;
