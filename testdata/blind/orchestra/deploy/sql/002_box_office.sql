-- Single tickets, exchanges, walk-up sales and door scans.

CREATE TABLE performances (
    id          TEXT PRIMARY KEY,
    season_id   TEXT NOT NULL REFERENCES seasons (id),
    title       TEXT NOT NULL,
    venue       TEXT NOT NULL,
    starts_at   TIMESTAMPTZ NOT NULL,
    capacity    INT NOT NULL CHECK (capacity > 0),
    sold_count  INT NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'on_sale'
        CHECK (status IN ('on_sale', 'sold_out', 'rescheduled', 'cancelled'))
);

CREATE TABLE orders (
    id                TEXT PRIMARY KEY,
    request_key       TEXT UNIQUE,
    patron_id         TEXT NOT NULL REFERENCES patrons (id),
    performance_id    TEXT NOT NULL REFERENCES performances (id),
    channel           TEXT NOT NULL CHECK (channel IN ('web', 'phone', 'exchange')),
    total_cents       BIGINT NOT NULL CHECK (total_cents >= 0),
    refunded_cents    BIGINT NOT NULL DEFAULT 0,
    status            TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'paid', 'failed', 'exchanged', 'refunded', 'partially_refunded')),
    payment_intent_id TEXT,
    email             TEXT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX orders_patron_idx ON orders (patron_id);

CREATE TABLE tickets (
    id             TEXT PRIMARY KEY,
    order_id       TEXT NOT NULL REFERENCES orders (id),
    performance_id TEXT NOT NULL REFERENCES performances (id),
    seat_label     TEXT NOT NULL,
    price_cents    BIGINT NOT NULL,
    status         TEXT NOT NULL
        CHECK (status IN ('held', 'sold', 'scanned', 'exchanged', 'refunded')),
    scanned_at     TIMESTAMPTZ
);

-- A seat can only be live on one ticket at a time.
CREATE UNIQUE INDEX tickets_live_seat_key ON tickets (performance_id, seat_label)
    WHERE status IN ('held', 'sold', 'scanned');

CREATE TABLE exchange_credits (
    id              TEXT PRIMARY KEY,
    patron_id       TEXT NOT NULL REFERENCES patrons (id),
    source_order_id TEXT NOT NULL UNIQUE REFERENCES orders (id),
    original_cents  BIGINT NOT NULL CHECK (original_cents > 0),
    remaining_cents BIGINT NOT NULL CHECK (remaining_cents >= 0),
    expires_at      TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE credit_redemptions (
    id           TEXT PRIMARY KEY,
    credit_id    TEXT NOT NULL REFERENCES exchange_credits (id),
    order_id     TEXT NOT NULL REFERENCES orders (id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id),
    stripe_refund_id TEXT NOT NULL UNIQUE,
    amount_cents     BIGINT NOT NULL CHECK (amount_cents > 0),
    reason           TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Walk-up sales rung up on the hall's box-office terminals.
CREATE TABLE ticket_sales (
    id             TEXT PRIMARY KEY,
    pos_txn_id     TEXT NOT NULL,
    terminal_id    TEXT NOT NULL,
    performance_id TEXT NOT NULL REFERENCES performances (id),
    quantity       INT NOT NULL CHECK (quantity > 0),
    amount_cents   BIGINT NOT NULL,
    tender         TEXT NOT NULL,
    sold_at        TIMESTAMPTZ NOT NULL
);

CREATE INDEX ticket_sales_pos_txn_idx ON ticket_sales (pos_txn_id);

CREATE TABLE ticket_scans (
    id         TEXT PRIMARY KEY,
    event_id   TEXT NOT NULL UNIQUE,
    ticket_id  TEXT NOT NULL REFERENCES tickets (id),
    gate       TEXT NOT NULL,
    scanned_at TIMESTAMPTZ NOT NULL
);

-- "Round up for the orchestra" donations added at the box-office terminal.
CREATE TABLE roundups (
    pos_txn_id    TEXT PRIMARY KEY,
    terminal_id   TEXT NOT NULL,
    campaign_code TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL CHECK (amount_cents > 0),
    received_at   TIMESTAMPTZ NOT NULL
);

CREATE TABLE notifications (
    id        TEXT PRIMARY KEY,
    channel   TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient TEXT NOT NULL,
    kind      TEXT NOT NULL,
    ref       TEXT NOT NULL,
    sent_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notifications_ref_idx ON notifications (kind, ref);
