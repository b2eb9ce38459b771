-- +goose Up
CREATE TABLE users (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE,
    phone              TEXT NOT NULL DEFAULT '',
    display_name       TEXT NOT NULL DEFAULT '',
    paystream_account  TEXT NOT NULL DEFAULT '',
    debit_card_token   TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE events (
    id                 TEXT PRIMARY KEY,
    promoter_event_id  TEXT NOT NULL UNIQUE,
    name               TEXT NOT NULL,
    venue              TEXT NOT NULL,
    starts_at          TIMESTAMPTZ NOT NULL,
    status             TEXT NOT NULL DEFAULT 'scheduled',
    completed_at       TIMESTAMPTZ,
    settled_at         TIMESTAMPTZ
);

CREATE TABLE listings (
    id           TEXT PRIMARY KEY,
    seller_id    TEXT NOT NULL REFERENCES users(id),
    event_id     TEXT NOT NULL REFERENCES events(id),
    section      TEXT NOT NULL,
    row          TEXT NOT NULL,
    seats        JSONB NOT NULL DEFAULT '[]',
    barcodes     JSONB NOT NULL DEFAULT '[]',
    price_cents  BIGINT NOT NULL CHECK (price_cents > 0),
    currency     TEXT NOT NULL,
    status       TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX listings_event_status_idx ON listings (event_id, status);

CREATE TABLE orders (
    id                   TEXT PRIMARY KEY,
    listing_id           TEXT NOT NULL REFERENCES listings(id),
    buyer_id             TEXT NOT NULL REFERENCES users(id),
    event_id             TEXT NOT NULL REFERENCES events(id),
    client_key           TEXT NOT NULL,
    amount_cents         BIGINT NOT NULL,
    fee_cents            BIGINT NOT NULL,
    currency             TEXT NOT NULL,
    status               TEXT NOT NULL,
    charge_id            TEXT,
    settlement_batch_id  TEXT,
    receipt_sent_at      TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (buyer_id, client_key)
);
CREATE INDEX orders_event_status_idx ON orders (event_id, status);

CREATE TABLE event_barcodes (
    event_id     TEXT NOT NULL REFERENCES events(id),
    barcode      TEXT NOT NULL,
    replaced_by  TEXT,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, barcode)
);

CREATE TABLE event_schedule_changes (
    promoter_message_id  TEXT PRIMARY KEY,
    event_id             TEXT NOT NULL REFERENCES events(id),
    old_starts_at        TIMESTAMPTZ NOT NULL,
    new_starts_at        TIMESTAMPTZ NOT NULL,
    recorded_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE event_schedule_changes;
DROP TABLE event_barcodes;
DROP TABLE orders;
DROP TABLE listings;
DROP TABLE events;
DROP TABLE users;
