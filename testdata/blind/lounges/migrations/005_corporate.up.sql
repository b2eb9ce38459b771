CREATE TABLE corporate_accounts (
    id                uuid PRIMARY KEY,
    name              text NOT NULL,
    billing_email     text NOT NULL,
    unit_price_cents  bigint NOT NULL,
    currency          char(3) NOT NULL DEFAULT 'usd',
    balance_due_cents bigint NOT NULL DEFAULT 0,
    credit_limit_cents bigint NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE corporate_pass_batches (
    id               uuid PRIMARY KEY,
    account_id       uuid NOT NULL REFERENCES corporate_accounts (id),
    lounge_id        uuid NOT NULL REFERENCES lounges (id),
    quantity         integer NOT NULL CHECK (quantity > 0),
    unit_price_cents bigint NOT NULL,
    po_number        text NOT NULL DEFAULT '',
    valid_until      timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX corporate_pass_batches_account_idx ON corporate_pass_batches (account_id, created_at);

ALTER TABLE day_passes
    ADD CONSTRAINT day_passes_corporate_batch_fk FOREIGN KEY (corporate_batch_id) REFERENCES corporate_pass_batches (id);
