-- +goose Up
CREATE TABLE loyalty_accounts (
    member_id      uuid PRIMARY KEY REFERENCES loyalty_members (id),
    balance_miles  bigint NOT NULL DEFAULT 0 CHECK (balance_miles >= 0),
    lifetime_miles bigint NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_ledger (
    id          uuid PRIMARY KEY,
    member_id   uuid NOT NULL REFERENCES loyalty_members (id),
    booking_id  uuid REFERENCES bookings (id),
    delta_miles bigint NOT NULL,
    reason      text NOT NULL CHECK (reason IN ('accrual', 'redemption', 'reversal', 'adjustment')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX loyalty_ledger_member_idx ON loyalty_ledger (member_id, created_at);
-- A booking's accrual is reversed at most once, whatever refunds it sees.
CREATE UNIQUE INDEX loyalty_ledger_reversal_once ON loyalty_ledger (booking_id)
    WHERE reason = 'reversal';

CREATE TABLE loyalty_redemptions (
    id             uuid PRIMARY KEY,
    member_id      uuid NOT NULL REFERENCES loyalty_members (id),
    booking_id     uuid NOT NULL REFERENCES bookings (id),
    miles          bigint NOT NULL CHECK (miles > 0),
    discount_cents bigint NOT NULL CHECK (discount_cents > 0),
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_idempotency (
    scope         text NOT NULL,
    key           text NOT NULL,
    status_code   integer NOT NULL,
    response_body jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE api_idempotency;
DROP TABLE loyalty_redemptions;
DROP TABLE loyalty_ledger;
DROP TABLE loyalty_accounts;
