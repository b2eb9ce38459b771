-- Holdings are tracked per (account, batch). Every change is written as an
-- entry; balances are the materialised sum kept in the same transaction.
CREATE TABLE balances (
    account_id  UUID NOT NULL REFERENCES accounts(id),
    batch_id    UUID NOT NULL REFERENCES credit_batches(id),
    available   BIGINT NOT NULL DEFAULT 0 CHECK (available >= 0),
    reserved    BIGINT NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    retired     BIGINT NOT NULL DEFAULT 0,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, batch_id)
);

CREATE TABLE ledger_entries (
    id          UUID PRIMARY KEY,
    txn_ref     TEXT NOT NULL,
    account_id  UUID NOT NULL REFERENCES accounts(id),
    batch_id    UUID NOT NULL REFERENCES credit_batches(id),
    bucket      TEXT NOT NULL,
    delta       BIGINT NOT NULL,
    memo        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_txn_idx ON ledger_entries (txn_ref);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, batch_id);

CREATE TABLE reservations (
    id               UUID PRIMARY KEY,
    reservation_ref  TEXT NOT NULL,
    account_id       UUID NOT NULL REFERENCES accounts(id),
    batch_id         UUID NOT NULL REFERENCES credit_batches(id),
    quantity         BIGINT NOT NULL CHECK (quantity > 0),
    status           TEXT NOT NULL DEFAULT 'held',
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT reservations_ref_key UNIQUE (reservation_ref)
);

CREATE TABLE transfers (
    id            UUID PRIMARY KEY,
    request_key   TEXT NOT NULL,
    from_account  UUID NOT NULL REFERENCES accounts(id),
    to_account    UUID NOT NULL REFERENCES accounts(id),
    batch_id      UUID NOT NULL REFERENCES credit_batches(id),
    quantity      BIGINT NOT NULL CHECK (quantity > 0),
    channel       TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending',
    registry_ref  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT transfers_request_key UNIQUE (channel, request_key)
);

CREATE TABLE exports (
    id                    UUID PRIMARY KEY,
    reference             TEXT NOT NULL,
    account_id            UUID NOT NULL REFERENCES accounts(id),
    batch_id              UUID NOT NULL REFERENCES credit_batches(id),
    quantity              BIGINT NOT NULL,
    destination_registry  TEXT NOT NULL,
    destination_account   TEXT NOT NULL,
    partner_transfer_id   TEXT NOT NULL,
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
