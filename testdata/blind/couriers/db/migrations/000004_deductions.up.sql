CREATE TABLE equipment_plans (
    id                 uuid        PRIMARY KEY,
    issue_id           text        NOT NULL UNIQUE,
    courier_id         uuid        NOT NULL REFERENCES couriers (id),
    item_sku           text        NOT NULL,
    total_cents        bigint      NOT NULL CHECK (total_cents >= 0),
    installment_cents  bigint      NOT NULL CHECK (installment_cents > 0),
    deposit_cents      bigint      NOT NULL DEFAULT 0,
    status             text        NOT NULL DEFAULT 'active'
                                   CHECK (status IN ('active', 'returned', 'settled', 'cancelled')),
    returned_at        timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX equipment_plans_courier_idx ON equipment_plans (courier_id);

CREATE TABLE deduction_installments (
    id                 uuid        PRIMARY KEY,
    plan_id            uuid        NOT NULL REFERENCES equipment_plans (id),
    courier_id         uuid        NOT NULL REFERENCES couriers (id),
    seq                integer     NOT NULL,
    due_on             date        NOT NULL,
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    status             text        NOT NULL DEFAULT 'scheduled'
                                   CHECK (status IN ('scheduled', 'applied', 'waived', 'cancelled')),
    applied_payout_id  uuid        REFERENCES payouts (id),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (plan_id, seq)
);

CREATE INDEX deduction_installments_due_idx ON deduction_installments (courier_id, due_on)
    WHERE status = 'scheduled';

-- One-off charges keyed by the caller's request key (lost locks, damaged bags).
CREATE TABLE equipment_charges (
    id            uuid        PRIMARY KEY,
    courier_id    uuid        NOT NULL REFERENCES couriers (id),
    request_key   text        NOT NULL,
    item_sku      text        NOT NULL,
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    reason        text        NOT NULL,
    created_by    text        NOT NULL,
    payout_id     uuid        REFERENCES payouts (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (courier_id, request_key)
);

CREATE TABLE deduction_waivers (
    installment_id  uuid        PRIMARY KEY REFERENCES deduction_installments (id),
    waived_by       text        NOT NULL,
    reason          text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deposit_refunds (
    id                  uuid        PRIMARY KEY,
    courier_id          uuid        NOT NULL UNIQUE REFERENCES couriers (id),
    amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
    status              text        NOT NULL DEFAULT 'pending'
                                    CHECK (status IN ('pending', 'paid', 'failed')),
    stripe_transfer_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
