-- +goose Up
CREATE TABLE couples (
    id            text PRIMARY KEY,
    email         text NOT NULL,
    display_name  text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT couples_email_key UNIQUE (email)
);

CREATE TABLE registries (
    id              text PRIMARY KEY,
    owner_id        text NOT NULL REFERENCES couples (id),
    slug            text NOT NULL,
    kind            text NOT NULL CHECK (kind IN ('wedding', 'baby')),
    title           text NOT NULL,
    event_date      date,
    currency        text NOT NULL DEFAULT 'usd',
    status          text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
    ship_to_name    text NOT NULL DEFAULT '',
    ship_to_address jsonb NOT NULL DEFAULT '{}'::jsonb,
    published_at    timestamptz,
    last_digest_at  timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT registries_slug_key UNIQUE (slug)
);

CREATE INDEX registries_owner_idx ON registries (owner_id);

CREATE TABLE registry_items (
    id                  text PRIMARY KEY,
    registry_id         text NOT NULL REFERENCES registries (id),
    retailer            text NOT NULL,
    retailer_sku        text NOT NULL,
    name                text NOT NULL,
    image_url           text NOT NULL DEFAULT '',
    price_cents         bigint NOT NULL CHECK (price_cents > 0),
    quantity_requested  integer NOT NULL CHECK (quantity_requested > 0),
    quantity_reserved   integer NOT NULL DEFAULT 0 CHECK (quantity_reserved >= 0),
    quantity_purchased  integer NOT NULL DEFAULT 0 CHECK (quantity_purchased >= 0),
    priority            smallint NOT NULL DEFAULT 0,
    note                text NOT NULL DEFAULT '',
    deleted_at          timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX registry_items_registry_idx ON registry_items (registry_id) WHERE deleted_at IS NULL;

CREATE TABLE cash_funds (
    id              text PRIMARY KEY,
    registry_id     text NOT NULL REFERENCES registries (id),
    title           text NOT NULL,
    description     text NOT NULL DEFAULT '',
    goal_cents      bigint,
    balance_cents   bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    paid_out_cents  bigint NOT NULL DEFAULT 0,
    auto_payout     boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX cash_funds_registry_idx ON cash_funds (registry_id);

CREATE TABLE off_registry_claims (
    id           text PRIMARY KEY,
    item_id      text NOT NULL REFERENCES registry_items (id),
    guest_name   text NOT NULL,
    guest_email  text NOT NULL,
    quantity     integer NOT NULL CHECK (quantity > 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT off_registry_claims_item_guest_key UNIQUE (item_id, guest_email)
);

-- Response cache for the Idempotency-Key middleware.
CREATE TABLE http_idempotency_keys (
    scope          text NOT NULL,
    key            text NOT NULL,
    status_code    integer NOT NULL,
    response_body  bytea NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

-- +goose Down
DROP TABLE http_idempotency_keys;
DROP TABLE off_registry_claims;
DROP TABLE cash_funds;
DROP TABLE registry_items;
DROP TABLE registries;
DROP TABLE couples;
