CREATE TABLE accounts (
    id                      uuid PRIMARY KEY,
    email                   text NOT NULL UNIQUE,
    phone                   text NOT NULL DEFAULT '',
    display_name            text NOT NULL DEFAULT '',
    marketing_opt_in        boolean NOT NULL DEFAULT false,
    stripe_customer_id      text NOT NULL DEFAULT '',
    default_payment_method  text NOT NULL DEFAULT '',
    points_balance          integer NOT NULL DEFAULT 0,
    address_line1           text NOT NULL DEFAULT '',
    city                    text NOT NULL DEFAULT '',
    postal_code             text NOT NULL DEFAULT '',
    country                 text NOT NULL DEFAULT '',
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    id           text PRIMARY KEY,
    kind         text NOT NULL CHECK (kind IN ('day_ticket', 'season_pass')),
    name         text NOT NULL,
    price_cents  bigint NOT NULL,
    currency     text NOT NULL DEFAULT 'eur',
    season       text NOT NULL DEFAULT '',
    active       boolean NOT NULL DEFAULT true
);

CREATE TABLE ticket_inventory (
    product_id  text NOT NULL REFERENCES products (id),
    valid_date  date NOT NULL,
    capacity    integer NOT NULL,
    sold        integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
    PRIMARY KEY (product_id, valid_date)
);

CREATE TABLE idempotency_keys (
    scope          text NOT NULL,
    key            text NOT NULL,
    resource_id    text NOT NULL DEFAULT '',
    response_code  integer NOT NULL DEFAULT 0,
    response_body  bytea,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE orders (
    id                 uuid PRIMARY KEY,
    account_id         uuid NOT NULL REFERENCES accounts (id),
    status             text NOT NULL,
    total_cents        bigint NOT NULL,
    currency           text NOT NULL,
    payment_intent_id  text UNIQUE,
    created_at         timestamptz NOT NULL DEFAULT now(),
    paid_at            timestamptz,
    cancelled_at       timestamptz
);

CREATE TABLE order_lines (
    id          bigserial PRIMARY KEY,
    order_id    uuid NOT NULL REFERENCES orders (id),
    product_id  text NOT NULL REFERENCES products (id),
    valid_date  date NOT NULL,
    quantity    integer NOT NULL CHECK (quantity > 0),
    unit_cents  bigint NOT NULL
);

CREATE TABLE season_contracts (
    id            text PRIMARY KEY,
    account_id    uuid NOT NULL REFERENCES accounts (id),
    product_id    text NOT NULL REFERENCES products (id),
    season        text NOT NULL,
    holder_name   text NOT NULL,
    total_cents   bigint NOT NULL,
    currency      text NOT NULL,
    instalments   integer NOT NULL,
    status        text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE instalments (
    id                 bigserial PRIMARY KEY,
    contract_id        text NOT NULL REFERENCES season_contracts (id),
    seq                integer NOT NULL,
    due_date           date NOT NULL,
    amount_cents       bigint NOT NULL,
    status             text NOT NULL DEFAULT 'scheduled',
    attempts           integer NOT NULL DEFAULT 0,
    payment_intent_id  text,
    last_error         text NOT NULL DEFAULT '',
    paid_at            timestamptz,
    UNIQUE (contract_id, seq)
);

CREATE TABLE passes (
    id             uuid PRIMARY KEY,
    account_id     uuid NOT NULL REFERENCES accounts (id),
    product_id     text NOT NULL REFERENCES products (id),
    kind           text NOT NULL,
    order_id       uuid REFERENCES orders (id),
    order_line_id  bigint REFERENCES order_lines (id),
    seq            integer NOT NULL DEFAULT 0,
    contract_id    text REFERENCES season_contracts (id),
    holder_name    text NOT NULL DEFAULT '',
    valid_from     date NOT NULL,
    valid_to       date NOT NULL,
    status         text NOT NULL,
    card_uid       text UNIQUE,
    ride_count     integer NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_line_id, seq),
    UNIQUE (contract_id)
);

CREATE TABLE card_encodings (
    id               bigserial PRIMARY KEY,
    pass_id          uuid NOT NULL UNIQUE REFERENCES passes (id),
    status           text NOT NULL DEFAULT 'pending',
    partner_job_id   text NOT NULL DEFAULT '',
    requested_at     timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz
);

CREATE TABLE card_replacements (
    id                  bigserial PRIMARY KEY,
    pass_id             uuid NOT NULL REFERENCES passes (id),
    old_card_uid        text NOT NULL,
    reason              text NOT NULL,
    fee_cents           bigint NOT NULL DEFAULT 0,
    status              text NOT NULL DEFAULT 'requested',
    partner_request_id  text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (pass_id, old_card_uid)
);

CREATE TABLE card_shipments (
    id                   bigserial PRIMARY KEY,
    pass_id              uuid NOT NULL UNIQUE REFERENCES passes (id),
    partner_shipment_id  text NOT NULL,
    tracking_code        text NOT NULL DEFAULT '',
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id          bigserial PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id),
    kind        text NOT NULL,
    ref         text NOT NULL,
    channel     text NOT NULL,
    sent_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kind, ref)
);

CREATE TABLE stripe_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);
