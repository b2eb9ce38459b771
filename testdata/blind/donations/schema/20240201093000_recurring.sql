-- Monthly giving plans and their installments.
CREATE TABLE recurring_plans (
    id                   text PRIMARY KEY,
    donor_id             uuid        NOT NULL REFERENCES donors (id),
    charity_id           uuid        NOT NULL REFERENCES charities (id),
    amount_pence         bigint      NOT NULL,
    currency             char(3)     NOT NULL,
    day_of_month         smallint    NOT NULL CHECK (day_of_month BETWEEN 1 AND 28),
    shopper_reference    text        NOT NULL,
    stored_payment_token text,
    status               text        NOT NULL,
    gift_aid             boolean     NOT NULL DEFAULT false,
    next_charge_at       timestamptz NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    cancelled_at         timestamptz
);
CREATE INDEX recurring_plans_due_idx ON recurring_plans (next_charge_at) WHERE status = 'active';

CREATE TABLE installments (
    id            bigserial PRIMARY KEY,
    plan_id       text        NOT NULL REFERENCES recurring_plans (id),
    period        char(7)     NOT NULL,
    donation_id   uuid        NOT NULL REFERENCES donations (id),
    psp_reference text,
    status        text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT installments_plan_period_key UNIQUE (plan_id, period)
);
