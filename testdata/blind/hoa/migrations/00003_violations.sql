-- +goose Up
CREATE TABLE violations (
    id          UUID PRIMARY KEY,
    account_id  UUID        NOT NULL REFERENCES owner_accounts (id),
    category    TEXT        NOT NULL,
    description TEXT        NOT NULL DEFAULT '',
    status      TEXT        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'noticed', 'fined', 'cured', 'dismissed')),
    fine_cents  BIGINT      NOT NULL DEFAULT 0 CHECK (fine_cents >= 0),
    fined_by    TEXT,
    fined_at    TIMESTAMPTZ,
    observed_at TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX violations_account ON violations (account_id, status);

-- +goose Down
DROP TABLE violations;
