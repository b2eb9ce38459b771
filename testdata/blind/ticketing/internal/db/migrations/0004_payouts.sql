-- Organiser payouts (bun models, driven by the Temporal payout workflow).

CREATE TABLE payout_requests (
    organiser_id  text NOT NULL REFERENCES organisers (id),
    period        text NOT NULL, -- e.g. 2025-W14
    workflow_id   text NOT NULL,
    requested_by  text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organiser_id, period)
);

CREATE TABLE payout_statements (
    id            text PRIMARY KEY, -- <organiser>:<period>
    organiser_id  text NOT NULL REFERENCES organisers (id),
    period        text NOT NULL,
    period_end    timestamptz NOT NULL,
    total_cents   bigint NOT NULL DEFAULT 0,
    currency      text NOT NULL,
    status        text NOT NULL DEFAULT 'open', -- open | locked | transferred | paid
    transfer_id   text,
    payout_id     text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    paid_at       timestamptz
);

CREATE TABLE payout_lines (
    id            text PRIMARY KEY,
    organiser_id  text NOT NULL REFERENCES organisers (id),
    order_id      text NOT NULL UNIQUE REFERENCES orders (id),
    amount_cents  bigint NOT NULL,
    statement_id  text REFERENCES payout_statements (id),
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payout_operations (
    op_id         text PRIMARY KEY,
    statement_id  text NOT NULL REFERENCES payout_statements (id),
    kind          text NOT NULL, -- payout
    status        text NOT NULL DEFAULT 'pending',
    provider_ref  text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
