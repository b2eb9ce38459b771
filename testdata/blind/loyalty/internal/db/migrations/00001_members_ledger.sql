-- +goose Up
-- +goose StatementBegin
CREATE TABLE members (
    id              uuid PRIMARY KEY,
    external_ref    text        NOT NULL UNIQUE,
    email           text        NOT NULL,
    display_name    text        NOT NULL DEFAULT '',
    tier            text        NOT NULL DEFAULT 'blue',
    referral_code   text        NOT NULL UNIQUE,
    points_balance  bigint      NOT NULL DEFAULT 0 CHECK (points_balance >= 0),
    lifetime_points bigint      NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Every movement of points. ref is the natural key of the business operation
-- that produced the movement ("purchase:<id>", "voucher:<id>", ...). Some
-- movements (partial refunds, transfers) historically had no natural key, so
-- ref is nullable.
CREATE TABLE ledger_entries (
    id         text PRIMARY KEY,
    member_id  uuid        NOT NULL REFERENCES members (id),
    delta      bigint      NOT NULL,
    kind       text        NOT NULL,
    ref        text,
    note       text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX ledger_entries_ref_key ON ledger_entries (ref) WHERE ref IS NOT NULL;
CREATE INDEX ledger_entries_member_created_idx ON ledger_entries (member_id, created_at);

CREATE TABLE tier_history (
    id         bigserial PRIMARY KEY,
    member_id  uuid        NOT NULL REFERENCES members (id),
    from_tier  text        NOT NULL,
    to_tier    text        NOT NULL,
    reason     text        NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE tier_history;
DROP TABLE ledger_entries;
DROP TABLE members;
