-- 0001: members and the mileage ledger

CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE members (
    id                  uuid PRIMARY KEY,
    member_number       text        NOT NULL,
    email               citext      NOT NULL,
    phone               text,
    first_name          text        NOT NULL,
    last_name           text        NOT NULL,
    tier                text        NOT NULL DEFAULT 'BLUE',
    balance             bigint      NOT NULL DEFAULT 0,
    tier_miles          bigint      NOT NULL DEFAULT 0,
    status              text        NOT NULL DEFAULT 'active',
    sms_opt_in          boolean     NOT NULL DEFAULT true,
    enrolled_at         timestamptz NOT NULL DEFAULT now(),
    last_activity_at    timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT members_balance_non_negative CHECK (balance >= 0)
);

CREATE UNIQUE INDEX members_member_number_key ON members (member_number);
CREATE UNIQUE INDEX members_email_key ON members (email);

-- Every change to a member's balance is a ledger entry. source_ref is the
-- business reference of the posting (ticket coupon, purchase id, ...) when
-- there is one.
CREATE TABLE ledger_entries (
    id          bigserial PRIMARY KEY,
    member_id   uuid        NOT NULL REFERENCES members (id),
    kind        text        NOT NULL,
    miles       bigint      NOT NULL,
    source      text        NOT NULL,
    source_ref  text,
    memo        text        NOT NULL DEFAULT '',
    expires_at  timestamptz,
    expired_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX ledger_entries_source_ref_key ON ledger_entries (member_id, source, source_ref);
CREATE INDEX ledger_entries_member_created_idx ON ledger_entries (member_id, created_at DESC);
CREATE INDEX ledger_entries_expiry_idx ON ledger_entries (expires_at) WHERE expired_at IS NULL AND kind = 'accrual';

CREATE TABLE auto_topups (
    member_id     uuid PRIMARY KEY REFERENCES members (id),
    miles         bigint      NOT NULL,
    amount_cents  bigint      NOT NULL,
    currency      char(3)     NOT NULL,
    card_token    text        NOT NULL,
    next_run_at   timestamptz NOT NULL,
    enabled       boolean     NOT NULL DEFAULT true
);

CREATE INDEX auto_topups_due_idx ON auto_topups (next_run_at) WHERE enabled;
