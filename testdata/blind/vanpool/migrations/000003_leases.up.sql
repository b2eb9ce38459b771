CREATE TABLE leases (
    id                    uuid PRIMARY KEY,
    contract_number       text        NOT NULL,
    vanpool_id            uuid        REFERENCES vanpools (id),
    vin                   text        NOT NULL,
    monthly_amount_cents  bigint      NOT NULL,
    starts_on             date        NOT NULL,
    ends_on               date        NOT NULL,
    status                text        NOT NULL DEFAULT 'active',
    created_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT leases_contract_number_key UNIQUE (contract_number)
);

CREATE TABLE lease_payments (
    id                   uuid PRIMARY KEY,
    lease_id             uuid        NOT NULL REFERENCES leases (id),
    period               text        NOT NULL,
    amount_cents         bigint      NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_payment_id  text,
    initiated_by         text        NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    paid_at              timestamptz,
    CONSTRAINT lease_payments_lease_period_key UNIQUE (lease_id, period)
);
