CREATE TABLE rescue_animals (
    id   text PRIMARY KEY,
    name text NOT NULL
);

CREATE TABLE intake_transfers (
    id                  text PRIMARY KEY,
    partner_id          text NOT NULL,
    partner_transfer_id text NOT NULL,
    animal_id           text NOT NULL,
    CONSTRAINT intake_transfers_partner_key UNIQUE (partner_id, partner_transfer_id)
);

CREATE TABLE shelter_outbox (
    id      text PRIMARY KEY,
    topic   text NOT NULL,
    payload text NOT NULL
);

CREATE TABLE gifts (
    id          text PRIMARY KEY,
    platform    text NOT NULL,
    external_id text NOT NULL,
    amount      bigint NOT NULL,
    CONSTRAINT gifts_platform_external_key UNIQUE (platform, external_id)
);

CREATE TABLE dispatch_pickups (
    id         text PRIMARY KEY,
    status     text NOT NULL,
    touched_at timestamptz
);

CREATE TABLE driver_notes (
    id        text PRIMARY KEY,
    pickup_id text NOT NULL,
    body      text NOT NULL
);

CREATE TABLE seed_gifts (
    id      text PRIMARY KEY,
    species text NOT NULL
);

CREATE TABLE seed_lots (
    id          text PRIMARY KEY,
    donation_id text NOT NULL UNIQUE,
    species     text NOT NULL
);

CREATE TABLE lot_events (
    id      text PRIMARY KEY,
    topic   text NOT NULL,
    subject text NOT NULL
);

CREATE TABLE lot_moves (
    id  text PRIMARY KEY,
    reference text NOT NULL UNIQUE
);
