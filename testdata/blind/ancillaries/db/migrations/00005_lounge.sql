-- +goose Up
CREATE TABLE lounge_capacity (
    lounge_code     TEXT NOT NULL,
    day             DATE NOT NULL,
    capacity        INT NOT NULL,
    sold            INT NOT NULL DEFAULT 0,
    PRIMARY KEY (lounge_code, day),
    CHECK (sold >= 0)
);

CREATE TABLE lounge_passes (
    id                  UUID PRIMARY KEY,
    order_item_id       UUID NOT NULL UNIQUE REFERENCES order_items (id),
    code                TEXT NOT NULL UNIQUE,
    lounge_code         TEXT NOT NULL,
    valid_on            DATE NOT NULL,
    entries_total       INT NOT NULL,
    entries_used        INT NOT NULL DEFAULT 0,
    status              TEXT NOT NULL DEFAULT 'active',
    reminder_sent_at    TIMESTAMPTZ,
    contact_phone       TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (entries_used <= entries_total)
);

CREATE TABLE lounge_scans (
    scan_id         TEXT PRIMARY KEY,
    pass_id         UUID NOT NULL REFERENCES lounge_passes (id),
    scanned_at      TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE lounge_scans;
DROP TABLE lounge_passes;
DROP TABLE lounge_capacity;
