CREATE TABLE auction_listings (
    id              uuid PRIMARY KEY,
    item_id         uuid NOT NULL REFERENCES items (id),
    lot_id          text NOT NULL UNIQUE,
    status          text NOT NULL CHECK (status IN ('pending', 'live', 'sold', 'unsold', 'withdrawn')),
    reserve_cents   bigint NOT NULL,
    listing_url     text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- An item has at most one open consignment at AuctionHub.
CREATE UNIQUE INDEX auction_listings_open_item_uq ON auction_listings (item_id)
    WHERE status IN ('pending', 'live');

CREATE TABLE auction_sales (
    id                      uuid PRIMARY KEY,
    lot_id                  text NOT NULL UNIQUE,
    item_id                 uuid NOT NULL REFERENCES items (id),
    hammer_cents            bigint NOT NULL,
    buyer_premium_cents     bigint NOT NULL DEFAULT 0,
    sold_at                 timestamptz NOT NULL,
    created_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auction_settlements (
    id                      uuid PRIMARY KEY,
    partner_settlement_id   text NOT NULL UNIQUE,
    lot_id                  text NOT NULL,
    gross_cents             bigint NOT NULL,
    fees_cents              bigint NOT NULL,
    net_cents               bigint NOT NULL,
    paid_at                 timestamptz NOT NULL,
    status                  text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'applied')),
    applied_at              timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customer_credits (
    id              uuid PRIMARY KEY,
    customer_id     uuid NOT NULL REFERENCES customers (id),
    loan_id         uuid REFERENCES loans (id),
    amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
    source          text NOT NULL CHECK (source IN ('auction_surplus', 'goodwill')),
    reference       text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX customer_credits_customer_idx ON customer_credits (customer_id);

CREATE TABLE sms_messages (
    id                  text PRIMARY KEY,
    customer_id         uuid REFERENCES customers (id),
    loan_id             uuid REFERENCES loans (id),
    purpose             text NOT NULL CHECK (purpose IN ('due_reminder', 'forfeit_notice', 'balance_reply')),
    to_phone            text NOT NULL,
    body                text NOT NULL,
    client_ref          text,
    provider_message_id text UNIQUE,
    status              text NOT NULL DEFAULT 'queued',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX sms_messages_client_ref_uq ON sms_messages (client_ref) WHERE client_ref IS NOT NULL;

CREATE TABLE inbound_sms (
    id                  uuid PRIMARY KEY,
    provider_message_id text NOT NULL UNIQUE,
    from_phone          text NOT NULL,
    body                text NOT NULL,
    keyword             text NOT NULL,
    customer_id         uuid REFERENCES customers (id),
    received_at         timestamptz NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);
