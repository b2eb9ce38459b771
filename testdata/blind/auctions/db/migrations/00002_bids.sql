-- +goose Up
CREATE TABLE bids (
    id            TEXT PRIMARY KEY,
    lot_id        TEXT NOT NULL REFERENCES lots(id),
    bidder_id     TEXT NOT NULL REFERENCES accounts(id),
    amount_cents  BIGINT NOT NULL,
    idem_key      TEXT NOT NULL,
    voided        BOOLEAN NOT NULL DEFAULT false,
    placed_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (bidder_id, idem_key)
);

CREATE INDEX bids_lot_amount_idx ON bids (lot_id, amount_cents DESC, placed_at);

CREATE TABLE lot_stats (
    lot_id          TEXT PRIMARY KEY REFERENCES lots(id),
    bid_count       INTEGER NOT NULL DEFAULT 0,
    bidder_count    INTEGER NOT NULL DEFAULT 0,
    high_bid_cents  BIGINT NOT NULL DEFAULT 0,
    last_bid_at     TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    consumer      TEXT NOT NULL,
    message_key   TEXT NOT NULL,
    processed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_key)
);

CREATE TABLE second_chance_offers (
    id            TEXT PRIMARY KEY,
    lot_id        TEXT NOT NULL REFERENCES lots(id),
    bidder_id     TEXT NOT NULL REFERENCES accounts(id),
    amount_cents  BIGINT NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (lot_id, bidder_id)
);

-- +goose Down
DROP TABLE second_chance_offers;
DROP TABLE processed_messages;
DROP TABLE lot_stats;
DROP TABLE bids;
