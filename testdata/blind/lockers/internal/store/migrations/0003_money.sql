-- Partner billing and host payouts.

CREATE TABLE partner_balances (
    partner_id        text PRIMARY KEY REFERENCES partners (id),
    amount_due_cents  bigint      NOT NULL DEFAULT 0,
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_balance_adjustments (
    id            bigserial PRIMARY KEY,
    partner_id    text        NOT NULL REFERENCES partners (id),
    amount_cents  bigint      NOT NULL,
    reason        text        NOT NULL,
    created_by    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE billing_lines (
    parcel_id   text PRIMARY KEY REFERENCES parcels (id),
    partner_id  text        NOT NULL REFERENCES partners (id),
    fee_cents   bigint      NOT NULL,
    period      date        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_invoices (
    id                   text PRIMARY KEY,
    partner_id           text        NOT NULL REFERENCES partners (id),
    period               date        NOT NULL,
    amount_cents         bigint      NOT NULL,
    status               text        NOT NULL DEFAULT 'pending',
    provider_invoice_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (partner_id, period)
);

CREATE TABLE credit_notes (
    id            text PRIMARY KEY,
    partner_id    text        NOT NULL REFERENCES partners (id),
    amount_cents  bigint      NOT NULL,
    reason        text        NOT NULL,
    provider_ref  text        NOT NULL,
    created_by    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE host_usage (
    host_id  text NOT NULL REFERENCES hosts (id),
    month    date NOT NULL,
    pickups  int  NOT NULL DEFAULT 0,
    PRIMARY KEY (host_id, month)
);

CREATE TABLE payout_adjustments (
    id            text PRIMARY KEY,
    host_id       text        NOT NULL REFERENCES hosts (id),
    amount_cents  bigint      NOT NULL,
    reason        text        NOT NULL,
    created_by    text        NOT NULL,
    applied_in    date,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE host_payouts (
    id            text PRIMARY KEY,
    host_id       text        NOT NULL REFERENCES hosts (id),
    period        date        NOT NULL,
    amount_cents  bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'pending',
    provider_ref  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    paid_at       timestamptz,
    UNIQUE (host_id, period)
);
