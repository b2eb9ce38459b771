-- +goose Up
CREATE TABLE merchants (
    id                text PRIMARY KEY,
    name              text        NOT NULL,
    bank_account_ref  text        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settlement_files (
    id             uuid PRIMARY KEY,
    merchant_id    text        NOT NULL REFERENCES merchants (id),
    business_date  date        NOT NULL,
    object_key     text        NOT NULL,
    status         text        NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'ingested', 'posted', 'remitted', 'rejected')),
    line_count     integer     NOT NULL DEFAULT 0,
    total_cents    bigint      NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (merchant_id, business_date)
);

CREATE TABLE settlement_lines (
    id                text PRIMARY KEY,
    file_id           uuid        NOT NULL REFERENCES settlement_files (id),
    line_no           integer     NOT NULL,
    network_auth_id   text        NOT NULL,
    card_id           uuid REFERENCES cards (id),
    fleet_id          uuid REFERENCES fleets (id),
    product_code      text        NOT NULL,
    gallons_milli     bigint      NOT NULL,
    amount_cents      bigint      NOT NULL,
    transacted_at     timestamptz NOT NULL,
    matched_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX settlement_lines_file_idx ON settlement_lines (file_id);
CREATE INDEX settlement_lines_unmatched_idx ON settlement_lines (file_id) WHERE matched_at IS NULL;
CREATE INDEX settlement_lines_fleet_time_idx ON settlement_lines (fleet_id, transacted_at);

CREATE TABLE ledger_entries (
    id            bigserial PRIMARY KEY,
    account       text        NOT NULL,
    file_id       uuid REFERENCES settlement_files (id),
    direction     text        NOT NULL CHECK (direction IN ('debit', 'credit')),
    amount_cents  bigint      NOT NULL CHECK (amount_cents >= 0),
    memo          text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, created_at);

CREATE TABLE merchant_remittances (
    id                uuid PRIMARY KEY,
    file_id           uuid        NOT NULL UNIQUE REFERENCES settlement_files (id),
    merchant_id       text        NOT NULL REFERENCES merchants (id),
    amount_cents      bigint      NOT NULL,
    bank_transfer_id  text        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE merchant_remittances;
DROP TABLE ledger_entries;
DROP TABLE settlement_lines;
DROP TABLE settlement_files;
DROP TABLE merchants;
