-- Gift vouchers and the loyalty scheme.

CREATE TABLE gift_vouchers (
    id                  uuid PRIMARY KEY,
    code                text        NOT NULL UNIQUE,
    salon_id            uuid        REFERENCES salons (id),
    purchaser_client_id uuid        NOT NULL REFERENCES clients (id),
    recipient_name      text        NOT NULL,
    recipient_email     text        NOT NULL,
    message             text        NOT NULL DEFAULT '',
    initial_cents       bigint      NOT NULL CHECK (initial_cents > 0),
    balance_cents       bigint      NOT NULL CHECK (balance_cents >= 0),
    status              text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'exhausted', 'void')),
    payment_id          uuid        REFERENCES payments (id),
    delivered_at        timestamptz,
    expires_at          timestamptz NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE voucher_redemptions (
    id             uuid PRIMARY KEY,
    voucher_id     uuid        NOT NULL REFERENCES gift_vouchers (id),
    appointment_id uuid        REFERENCES appointments (id),
    amount_cents   bigint      NOT NULL CHECK (amount_cents > 0),
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX voucher_redemptions_voucher_idx ON voucher_redemptions (voucher_id);

CREATE TABLE loyalty_accounts (
    client_id      uuid PRIMARY KEY REFERENCES clients (id),
    points_balance bigint      NOT NULL DEFAULT 0,
    lifetime_points bigint     NOT NULL DEFAULT 0,
    tier           text        NOT NULL DEFAULT 'silver',
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_ledger (
    id          text PRIMARY KEY,
    client_id   uuid        NOT NULL REFERENCES clients (id),
    delta       bigint      NOT NULL,
    reason      text        NOT NULL CHECK (reason IN ('visit', 'referral', 'redemption', 'expiry', 'refund_reversal', 'adjustment')),
    source_ref  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX loyalty_ledger_client_idx ON loyalty_ledger (client_id, created_at);

CREATE UNIQUE INDEX loyalty_ledger_expiry_uq
    ON loyalty_ledger (client_id, source_ref)
    WHERE reason = 'expiry';

CREATE UNIQUE INDEX loyalty_ledger_redemption_uq
    ON loyalty_ledger (client_id, source_ref)
    WHERE reason = 'redemption';
