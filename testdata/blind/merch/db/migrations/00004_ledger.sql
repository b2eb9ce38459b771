-- +goose Up
-- Artist revenue-share ledger. amount_cents is the artist's share, signed;
-- gross_cents the fan-facing amount it derives from.
CREATE TABLE revenue_ledger (
    id             uuid PRIMARY KEY,
    artist_id      uuid        NOT NULL REFERENCES artists (id),
    order_item_id  uuid        REFERENCES order_items (id),
    entry_type     text        NOT NULL,
    gross_cents    bigint      NOT NULL,
    amount_cents   bigint      NOT NULL,
    currency       text        NOT NULL,
    source_ref     text        NOT NULL,
    memo           text        NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (entry_type, source_ref)
);

CREATE INDEX revenue_ledger_artist_idx ON revenue_ledger (artist_id, created_at);

CREATE TABLE ledger_adjustments (
    id            uuid PRIMARY KEY,
    artist_id     uuid        NOT NULL REFERENCES artists (id),
    amount_cents  bigint      NOT NULL,
    currency      text        NOT NULL,
    reason        text        NOT NULL,
    created_by    text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                  uuid PRIMARY KEY,
    artist_id           uuid        NOT NULL REFERENCES artists (id),
    period_start        date        NOT NULL,
    period_end          date        NOT NULL,
    amount_cents        bigint      NOT NULL,
    currency            text        NOT NULL,
    status              text        NOT NULL DEFAULT 'pending',
    stripe_transfer_id  text        UNIQUE,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (artist_id, period_start, period_end)
);

CREATE TABLE artist_statements (
    id                 uuid PRIMARY KEY,
    artist_id          uuid        NOT NULL REFERENCES artists (id),
    period_month       date        NOT NULL,
    sales_cents        bigint      NOT NULL,
    refunds_cents      bigint      NOT NULL,
    adjustments_cents  bigint      NOT NULL,
    payouts_cents      bigint      NOT NULL,
    closing_cents      bigint      NOT NULL,
    currency           text        NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (artist_id, period_month)
);

-- +goose Down
DROP TABLE artist_statements;
DROP TABLE payouts;
DROP TABLE ledger_adjustments;
DROP TABLE revenue_ledger;
