-- +goose Up
CREATE TABLE emd_issuances (
    id              UUID PRIMARY KEY,
    order_item_id   UUID NOT NULL UNIQUE REFERENCES order_items (id),
    client_ref      TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'pending',
    emd_number      TEXT UNIQUE,
    attempts        INT NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX emd_issuances_pending_idx ON emd_issuances (updated_at) WHERE status = 'pending';

CREATE TABLE emd_reissues (
    order_item_id   UUID NOT NULL REFERENCES order_items (id),
    revision        INT NOT NULL,
    client_ref      TEXT NOT NULL UNIQUE,
    reason          TEXT NOT NULL,
    agent_id        TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    new_emd_number  TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (order_item_id, revision)
);

-- +goose Down
DROP TABLE emd_reissues;
DROP TABLE emd_issuances;
