-- +migrate Up
CREATE TABLE creators (
    id          uuid PRIMARY KEY,
    email       text NOT NULL UNIQUE,
    display_name text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE backers (
    id            uuid PRIMARY KEY,
    email         text NOT NULL UNIQUE,
    display_name  text NOT NULL,
    stripe_customer_id text,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaigns (
    id               uuid PRIMARY KEY,
    creator_id       uuid NOT NULL REFERENCES creators(id),
    title            text NOT NULL,
    blurb            text NOT NULL DEFAULT '',
    currency         char(3) NOT NULL,
    goal_cents       bigint NOT NULL CHECK (goal_cents > 0),
    pledged_cents    bigint NOT NULL DEFAULT 0,
    collected_cents  bigint NOT NULL DEFAULT 0,
    status           text NOT NULL DEFAULT 'draft',
    deadline         timestamptz NOT NULL,
    launched_at      timestamptz,
    closed_at        timestamptz,
    beneficiary_ref  text,
    payout_last4     text,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_live_deadline_idx ON campaigns (deadline) WHERE status = 'live';

CREATE TABLE reward_tiers (
    id             uuid PRIMARY KEY,
    campaign_id    uuid NOT NULL REFERENCES campaigns(id),
    slug           text NOT NULL,
    title          text NOT NULL,
    description    text NOT NULL DEFAULT '',
    min_cents      bigint NOT NULL,
    limit_count    integer NOT NULL DEFAULT 0,
    claimed_count  integer NOT NULL DEFAULT 0,
    ships_at       timestamptz,
    requires_shipping boolean NOT NULL DEFAULT true,
    UNIQUE (campaign_id, slug)
);

CREATE TABLE stretch_goals (
    id               uuid PRIMARY KEY,
    campaign_id      uuid NOT NULL REFERENCES campaigns(id),
    threshold_cents  bigint NOT NULL,
    title            text NOT NULL,
    description      text NOT NULL DEFAULT '',
    unlocked_at      timestamptz,
    UNIQUE (campaign_id, threshold_cents)
);

CREATE TABLE campaign_updates (
    id          uuid PRIMARY KEY,
    campaign_id uuid NOT NULL REFERENCES campaigns(id),
    author_id   uuid NOT NULL,
    title       text NOT NULL,
    body        text NOT NULL,
    recipients  integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now()
);
