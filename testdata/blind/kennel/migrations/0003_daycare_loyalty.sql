-- Daycare pass packs and loyalty credits.

CREATE TABLE pass_products (
    code          text PRIMARY KEY,
    name          text NOT NULL,
    visits        integer NOT NULL CHECK (visits > 0),
    price_cents   bigint NOT NULL,
    valid_days    integer NOT NULL DEFAULT 180
);

CREATE TABLE pass_packs (
    id                 text PRIMARY KEY,
    owner_id           uuid NOT NULL REFERENCES owners (id),
    dog_id             uuid NOT NULL REFERENCES dogs (id),
    location_id        text NOT NULL REFERENCES locations (id),
    product_code       text NOT NULL REFERENCES pass_products (code),
    visits_total       integer NOT NULL,
    visits_remaining   integer NOT NULL CHECK (visits_remaining >= 0),
    price_cents        bigint NOT NULL,
    payment_intent_id  text,
    purchased_at       timestamptz NOT NULL DEFAULT now(),
    expires_at         timestamptz NOT NULL
);
CREATE INDEX pass_packs_owner_idx ON pass_packs (owner_id);

CREATE TABLE daycare_visits (
    id            text PRIMARY KEY,
    pass_id       text NOT NULL REFERENCES pass_packs (id),
    dog_id        uuid NOT NULL REFERENCES dogs (id),
    location_id   text NOT NULL REFERENCES locations (id),
    checked_in_at timestamptz NOT NULL DEFAULT now(),
    staff_id      text
);

CREATE TABLE loyalty_ledger (
    id           uuid PRIMARY KEY,
    owner_id     uuid NOT NULL REFERENCES owners (id),
    delta        bigint NOT NULL,
    reason       text NOT NULL,
    reference    text,
    expires_at   timestamptz,
    expired_at   timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loyalty_ledger_owner_idx ON loyalty_ledger (owner_id);
CREATE INDEX loyalty_ledger_expiry_idx ON loyalty_ledger (expires_at) WHERE expired_at IS NULL;
