-- Gift vouchers and the pro-shop account ledger.

CREATE TABLE gift_vouchers (
    id                text PRIMARY KEY,
    code              text        NOT NULL,
    purchase_key      text        NOT NULL,
    purchaser_email   text        NOT NULL,
    recipient_name    text        NOT NULL,
    recipient_email   text        NOT NULL,
    message           text        NOT NULL DEFAULT '',
    face_value_cents  bigint      NOT NULL CHECK (face_value_cents > 0),
    balance_cents     bigint      NOT NULL CHECK (balance_cents >= 0),
    currency          text        NOT NULL,
    status            text        NOT NULL,
    payment_intent_id text,
    delivered_at      timestamptz,
    expires_at        timestamptz NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT gift_vouchers_code_key UNIQUE (code),
    CONSTRAINT gift_vouchers_purchase_key_key UNIQUE (purchase_key)
);

CREATE TABLE proshop_accounts (
    id                   text PRIMARY KEY,
    member_id            text        NOT NULL REFERENCES members (id),
    balance_cents        bigint      NOT NULL DEFAULT 0,
    credit_limit_cents   bigint      NOT NULL DEFAULT 50000,
    currency             text        NOT NULL,
    settlement_intent_id text,
    status               text        NOT NULL DEFAULT 'open',
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT proshop_accounts_member_key UNIQUE (member_id)
);

-- One POS sale can post several lines (merchandise, food, range balls), so
-- source_ref is indexed but not unique.
CREATE TABLE proshop_ledger (
    id           text PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES proshop_accounts (id),
    amount_cents bigint      NOT NULL,
    kind         text        NOT NULL,
    source_ref   text        NOT NULL DEFAULT '',
    description  text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX proshop_ledger_account_idx ON proshop_ledger (account_id, created_at);
CREATE INDEX proshop_ledger_source_idx ON proshop_ledger (source_ref);

CREATE TABLE pos_inbox (
    event_id    text PRIMARY KEY,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_rentals (
    id            text PRIMARY KEY,
    pos_ticket_id text        NOT NULL,
    booking_id    text        NOT NULL REFERENCES bookings (id),
    account_id    text        NOT NULL REFERENCES proshop_accounts (id),
    carts         integer     NOT NULL,
    amount_cents  bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT cart_rentals_pos_ticket_key UNIQUE (pos_ticket_id)
);

-- Request keys seen by the online pro-shop checkout. Rows older than a day
-- are purged by the maintenance cron.
CREATE TABLE request_keys (
    scope       text        NOT NULL,
    key         text        NOT NULL,
    resource_id text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
