-- Resale side: graded copies, listings, buyer orders, fulfilment.

CREATE TABLE inventory_copies (
    id                     text PRIMARY KEY,
    dropoff_line_id        text NOT NULL UNIQUE REFERENCES dropoff_lines (id),
    isbn                   text NOT NULL,
    grade                  text NOT NULL,
    status                 text NOT NULL DEFAULT 'graded',
    channel                text NOT NULL DEFAULT 'resale',
    wholesaler_id          text,
    wholesale_price_cents  bigint NOT NULL DEFAULT 0,
    order_id               text,
    settlement_batch_id    text,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX inventory_copies_pick_idx ON inventory_copies (isbn, grade, status);
CREATE INDEX inventory_copies_wholesale_idx ON inventory_copies (wholesaler_id, status);

CREATE TABLE listings (
    id           text PRIMARY KEY,
    copy_id      text NOT NULL REFERENCES inventory_copies (id),
    isbn         text NOT NULL,
    grade        text NOT NULL,
    price_cents  bigint NOT NULL,
    active       boolean NOT NULL DEFAULT true,
    listed_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT listings_copy_uq UNIQUE (copy_id)
);

CREATE TABLE orders (
    id                 text PRIMARY KEY,
    buyer_id           text NOT NULL REFERENCES students (id),
    status             text NOT NULL DEFAULT 'placed',
    total_cents        bigint NOT NULL,
    payment_intent_id  text,
    placed_at          timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz
);

CREATE TABLE order_lines (
    id           text PRIMARY KEY,
    order_id     text NOT NULL REFERENCES orders (id),
    copy_id      text NOT NULL REFERENCES inventory_copies (id),
    price_cents  bigint NOT NULL
);

CREATE TABLE pick_tickets (
    id          text PRIMARY KEY,
    order_id    text NOT NULL REFERENCES orders (id),
    shelf_path  text NOT NULL,
    line_count  integer NOT NULL,
    printed     boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_idempotency (
    scope        text NOT NULL,
    key          text NOT NULL,
    status_code  integer NOT NULL,
    body         jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE outbox_tasks (
    id          text PRIMARY KEY,
    task_type   text NOT NULL,
    payload     jsonb NOT NULL,
    queue       text NOT NULL DEFAULT 'default',
    relayed_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_tasks_pending_idx ON outbox_tasks (created_at) WHERE relayed_at IS NULL;

CREATE TABLE notifications (
    id          text PRIMARY KEY,
    student_id  text NOT NULL REFERENCES students (id),
    template    text NOT NULL,
    vars        jsonb NOT NULL,
    status      text NOT NULL DEFAULT 'pending',
    provider_id text,
    sent_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
