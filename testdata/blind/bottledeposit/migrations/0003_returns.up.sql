-- Return events from reverse-vending kiosks, vouchers and material intake.

CREATE TABLE return_events (
    id                        text PRIMARY KEY,
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    kiosk_seq                 bigint NOT NULL,
    wallet_id                 uuid REFERENCES wallets (id),
    containers                integer NOT NULL,
    deposit_cents             bigint NOT NULL,
    returned_at               timestamptz NOT NULL,
    received_at               timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kiosk_id, kiosk_seq)
);

CREATE INDEX return_events_returned_idx ON return_events (kiosk_id, returned_at);

CREATE TABLE vouchers (
    code                      text PRIMARY KEY,
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    shop_id                   text NOT NULL REFERENCES shops (id),
    amount_cents              bigint NOT NULL,
    printed_at                timestamptz NOT NULL,
    redeemed_at               timestamptz,
    redeemed_shop_id          text REFERENCES shops (id),
    expired_at                timestamptz
);

CREATE INDEX vouchers_open_idx ON vouchers (printed_at) WHERE redeemed_at IS NULL AND expired_at IS NULL;

-- Cash paid out at a shop till against a voucher; reimbursed to the shop at settlement.
CREATE TABLE shop_cash_payouts (
    id                        text PRIMARY KEY,
    shop_id                   text NOT NULL REFERENCES shops (id),
    voucher_code              text NOT NULL REFERENCES vouchers (code),
    till_id                   text NOT NULL,
    amount_cents              bigint NOT NULL,
    paid_at                   timestamptz NOT NULL,
    settlement_id             text
);

CREATE INDEX shop_cash_payouts_voucher_idx ON shop_cash_payouts (voucher_code);
CREATE INDEX shop_cash_payouts_unsettled_idx ON shop_cash_payouts (shop_id, paid_at) WHERE settlement_id IS NULL;

CREATE TABLE unclaimed_deposits (
    voucher_code              text PRIMARY KEY REFERENCES vouchers (code),
    amount_cents              bigint NOT NULL,
    expired_at                timestamptz NOT NULL
);

CREATE TABLE material_intake (
    return_event_id           text NOT NULL,
    material                  text NOT NULL,
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    recycler_id               text NOT NULL REFERENCES recyclers (id),
    units                     integer NOT NULL,
    weight_grams              integer NOT NULL,
    returned_at               timestamptz NOT NULL,
    PRIMARY KEY (return_event_id, material)
);

CREATE INDEX material_intake_period_idx ON material_intake (recycler_id, returned_at);
