-- +goose Up
CREATE TABLE transfers (
    id             TEXT PRIMARY KEY,
    hold_id        TEXT NOT NULL UNIQUE REFERENCES holds (id),
    item_id        TEXT NOT NULL REFERENCES items (id),
    from_branch_id TEXT NOT NULL REFERENCES branches (id),
    to_branch_id   TEXT NOT NULL REFERENCES branches (id),
    status         TEXT NOT NULL,
    requested_at   TIMESTAMPTZ NOT NULL,
    shipped_at     TIMESTAMPTZ,
    received_at    TIMESTAMPTZ,
    cancelled_at   TIMESTAMPTZ
);

-- One line on the sending branch's pull list per transfer.
CREATE TABLE pick_tasks (
    transfer_id    TEXT PRIMARY KEY REFERENCES transfers (id),
    branch_id      TEXT NOT NULL REFERENCES branches (id),
    item_id        TEXT NOT NULL REFERENCES items (id),
    shelf_location TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE item_movements (
    id             TEXT PRIMARY KEY,
    item_id        TEXT NOT NULL REFERENCES items (id),
    from_branch_id TEXT NOT NULL,
    to_branch_id   TEXT NOT NULL,
    kind           TEXT NOT NULL,
    recorded_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX item_movements_item_idx ON item_movements (item_id, recorded_at);

-- Queue messages already handled by the transfer consumer.
CREATE TABLE inbox_messages (
    message_id   TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE inbox_messages;
DROP TABLE item_movements;
DROP TABLE pick_tasks;
DROP TABLE transfers;
