-- +goose Up
CREATE TABLE deliveries (
    id            TEXT PRIMARY KEY,
    card_id       TEXT NOT NULL REFERENCES cards (id),
    channel       TEXT NOT NULL,
    destination   TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending',
    provider_ref  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at       TIMESTAMPTZ
);

CREATE INDEX deliveries_card_id_idx ON deliveries (card_id);

CREATE TABLE delivery_attempts (
    id           TEXT PRIMARY KEY,
    delivery_id  TEXT NOT NULL REFERENCES deliveries (id),
    attempt      INTEGER NOT NULL,
    error        TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE delivery_attempts;
DROP TABLE deliveries;
