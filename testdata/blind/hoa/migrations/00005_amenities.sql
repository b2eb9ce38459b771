-- +goose Up
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE amenities (
    id             UUID PRIMARY KEY,
    association_id UUID        NOT NULL REFERENCES associations (id),
    name           TEXT        NOT NULL,
    kind           TEXT        NOT NULL CHECK (kind IN ('pool', 'clubhouse', 'court', 'grill')),
    deposit_cents  BIGINT      NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0),
    max_guests     INT         NOT NULL DEFAULT 20,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (association_id, name)
);

CREATE TABLE amenity_reservations (
    id                 UUID PRIMARY KEY,
    amenity_id         UUID        NOT NULL REFERENCES amenities (id),
    account_id         UUID        NOT NULL REFERENCES owner_accounts (id),
    starts_at          TIMESTAMPTZ NOT NULL,
    ends_at            TIMESTAMPTZ NOT NULL,
    guests             INT         NOT NULL DEFAULT 0,
    status             TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled', 'completed')),
    deposit_cents      BIGINT      NOT NULL DEFAULT 0,
    deposit_status     TEXT        NOT NULL DEFAULT 'none' CHECK (deposit_status IN ('none', 'pending', 'held', 'refunded', 'forfeited')),
    deposit_charge_ref TEXT UNIQUE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at),
    CONSTRAINT amenity_reservations_no_overlap EXCLUDE USING gist (
        amenity_id WITH =,
        tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status IN ('pending', 'confirmed'))
);

CREATE TABLE amenity_deposit_refunds (
    reservation_id UUID PRIMARY KEY REFERENCES amenity_reservations (id),
    due_at         TIMESTAMPTZ NOT NULL,
    amount_cents   BIGINT      NOT NULL CHECK (amount_cents >= 0),
    status         TEXT        NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'refunded', 'withheld')),
    refund_ref     TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX amenity_deposit_refunds_due ON amenity_deposit_refunds (due_at) WHERE status = 'scheduled';

-- +goose Down
DROP TABLE amenity_deposit_refunds;
DROP TABLE amenity_reservations;
DROP TABLE amenities;
