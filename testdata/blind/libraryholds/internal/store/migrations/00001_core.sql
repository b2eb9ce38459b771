-- +goose Up
CREATE TABLE branches (
    id               TEXT PRIMARY KEY,
    name             TEXT NOT NULL,
    items_on_hand    INTEGER NOT NULL DEFAULT 0,
    inbound_expected INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE patrons (
    id                     TEXT PRIMARY KEY,
    card_number            TEXT NOT NULL UNIQUE,
    email                  TEXT NOT NULL,
    display_name           TEXT NOT NULL,
    home_branch_id         TEXT NOT NULL REFERENCES branches (id),
    stripe_customer_id     TEXT,
    autopay_payment_method TEXT,
    balance_cents          BIGINT NOT NULL DEFAULT 0,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE titles (
    id     TEXT PRIMARY KEY,
    name   TEXT NOT NULL,
    author TEXT
);

CREATE TABLE items (
    id        TEXT PRIMARY KEY, -- barcode
    title_id  TEXT NOT NULL,
    branch_id TEXT NOT NULL REFERENCES branches (id),
    status    TEXT NOT NULL DEFAULT 'on_shelf',
    shelf_location TEXT
);

CREATE TABLE loans (
    id                TEXT PRIMARY KEY,
    item_id           TEXT NOT NULL REFERENCES items (id),
    patron_id         TEXT NOT NULL REFERENCES patrons (id),
    due_at            TIMESTAMPTZ NOT NULL,
    returned_at       TIMESTAMPTZ,
    replacement_cents BIGINT NOT NULL DEFAULT 2500
);
CREATE INDEX loans_overdue_idx ON loans (due_at) WHERE returned_at IS NULL;

CREATE TABLE holds (
    id               TEXT PRIMARY KEY,
    patron_id        TEXT NOT NULL REFERENCES patrons (id),
    title_id         TEXT NOT NULL,
    pickup_branch_id TEXT NOT NULL REFERENCES branches (id),
    status           TEXT NOT NULL,
    item_id          TEXT REFERENCES items (id),
    placed_at        TIMESTAMPTZ NOT NULL,
    ready_at         TIMESTAMPTZ,
    pickup_by        TIMESTAMPTZ,
    cancelled_at     TIMESTAMPTZ
);
CREATE INDEX holds_queue_idx ON holds (title_id, status, placed_at);
CREATE INDEX holds_patron_idx ON holds (patron_id, status);

-- +goose Down
DROP TABLE holds;
DROP TABLE loans;
DROP TABLE items;
DROP TABLE titles;
DROP TABLE patrons;
DROP TABLE branches;
