-- Desired-state schema for RinkOps. Applied with:
--   atlas schema apply --env local --to file://schema.sql
-- Keep table blocks grouped by bounded context; sqlc reads this file too.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- ---------------------------------------------------------------------------
-- Facilities
-- ---------------------------------------------------------------------------

CREATE TABLE rinks (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    timezone    text NOT NULL DEFAULT 'America/Toronto'
);

CREATE TABLE resurfacers (
    id          text PRIMARY KEY,
    rink_id     text NOT NULL REFERENCES rinks (id),
    model       text NOT NULL,
    in_service  boolean NOT NULL DEFAULT true
);

-- ---------------------------------------------------------------------------
-- Members and public skate
-- ---------------------------------------------------------------------------

CREATE TABLE members (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email             text NOT NULL UNIQUE,
    full_name         text NOT NULL,
    phone             text,
    card_customer_id  text,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE skate_sessions (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    rink_id      text NOT NULL REFERENCES rinks (id),
    starts_at    timestamptz NOT NULL,
    ends_at      timestamptz NOT NULL,
    capacity     integer NOT NULL,
    remaining    integer NOT NULL CHECK (remaining >= 0),
    price_cents  integer NOT NULL
);

CREATE TABLE admissions (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    session_id  uuid NOT NULL REFERENCES skate_sessions (id),
    member_id   uuid REFERENCES members (id),
    guest_name  text NOT NULL,
    party_size  integer NOT NULL CHECK (party_size > 0),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX admissions_session_idx ON admissions (session_id);

CREATE TABLE idempotency_keys (
    key            text PRIMARY KEY,
    route          text NOT NULL,
    status_code    integer NOT NULL,
    response_body  bytea NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE daily_attendance (
    id          uuid PRIMARY KEY,
    rink_id     text NOT NULL REFERENCES rinks (id),
    day         date NOT NULL,
    sessions    integer NOT NULL,
    admissions  integer NOT NULL,
    skaters     integer NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX daily_attendance_day_idx ON daily_attendance (rink_id, day);

-- ---------------------------------------------------------------------------
-- Leagues and ice time
-- ---------------------------------------------------------------------------

CREATE TABLE league_teams (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    partner_team_id  text NOT NULL,
    league_id        text NOT NULL,
    name             text NOT NULL,
    captain_email    text NOT NULL,
    credit_minutes   integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT league_teams_partner_team_key UNIQUE (partner_team_id)
);

CREATE TABLE ice_requests (
    id          uuid PRIMARY KEY,
    team_id     uuid NOT NULL REFERENCES league_teams (id),
    rink_id     text NOT NULL REFERENCES rinks (id),
    starts_at   timestamptz NOT NULL,
    ends_at     timestamptz NOT NULL,
    note        text NOT NULL DEFAULT '',
    status      text NOT NULL DEFAULT 'pending', -- pending | approved | declined
    created_at  timestamptz NOT NULL DEFAULT now(),
    decided_at  timestamptz
);

CREATE TABLE ice_bookings (
    id               uuid PRIMARY KEY,
    request_id       uuid UNIQUE REFERENCES ice_requests (id),
    team_id          uuid NOT NULL REFERENCES league_teams (id),
    rink_id          text NOT NULL REFERENCES rinks (id),
    starts_at        timestamptz NOT NULL,
    ends_at          timestamptz NOT NULL,
    status           text NOT NULL DEFAULT 'confirmed', -- confirmed | cancelled | moved
    amount_cents     integer NOT NULL,
    charge_id        text,
    refund_status    text NOT NULL DEFAULT 'none', -- none | pending | refunded
    refund_id        text,
    partner_game_id  text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    cancelled_at     timestamptz
);

CREATE INDEX ice_bookings_game_idx ON ice_bookings (partner_game_id);

CREATE TABLE team_credit_ledger (
    id               bigserial PRIMARY KEY,
    team_id          uuid NOT NULL REFERENCES league_teams (id),
    source_event_id  text NOT NULL,
    minutes          integer NOT NULL,
    reason           text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_events_processed (
    event_id      text PRIMARY KEY,
    event_type    text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE league_games (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    partner_game_id  text NOT NULL UNIQUE,
    booking_id       uuid NOT NULL REFERENCES ice_bookings (id),
    home_team_id     uuid NOT NULL REFERENCES league_teams (id),
    away_team_id     uuid NOT NULL REFERENCES league_teams (id),
    starts_at        timestamptz NOT NULL,
    exported_at      timestamptz
);

CREATE TABLE schedule_export_runs (
    id           text PRIMARY KEY,
    started_at   timestamptz NOT NULL,
    finished_at  timestamptz,
    fixtures     integer NOT NULL DEFAULT 0,
    status       text NOT NULL DEFAULT 'running'
);

-- ---------------------------------------------------------------------------
-- Skate rental
-- ---------------------------------------------------------------------------

CREATE TABLE skate_inventory (
    rink_id    text NOT NULL REFERENCES rinks (id),
    size       text NOT NULL,
    available  integer NOT NULL CHECK (available >= 0),
    PRIMARY KEY (rink_id, size)
);

CREATE TABLE rentals (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    ticket_no        text NOT NULL,
    rink_id          text NOT NULL REFERENCES rinks (id),
    skate_size       text NOT NULL,
    member_id        uuid REFERENCES members (id),
    card_token       text NOT NULL,
    deposit_cents    integer NOT NULL,
    deposit_hold_id  text,
    status           text NOT NULL DEFAULT 'out', -- out | returned | lost
    damage_cents     integer NOT NULL DEFAULT 0,
    checked_out_at   timestamptz NOT NULL DEFAULT now(),
    returned_at      timestamptz,
    deposit_settled  text NOT NULL DEFAULT 'held', -- held | released | captured
    CONSTRAINT rentals_ticket_no_key UNIQUE (ticket_no)
);

-- ---------------------------------------------------------------------------
-- Season passes
-- ---------------------------------------------------------------------------

CREATE TABLE season_passes (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    member_id         uuid NOT NULL REFERENCES members (id),
    season            text NOT NULL,
    tier              text NOT NULL,
    status            text NOT NULL DEFAULT 'active', -- active | lapsed | cancelled
    card_customer_id  text NOT NULL,
    monthly_cents     integer NOT NULL,
    first_charge_id   text,
    valid_until       date NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT season_passes_member_season_key UNIQUE (member_id, season)
);

CREATE TABLE pass_charges (
    pass_id       uuid NOT NULL REFERENCES season_passes (id),
    period        text NOT NULL, -- YYYY-MM
    charge_id     text,
    amount_cents  integer NOT NULL,
    status        text NOT NULL DEFAULT 'pending', -- pending | paid | failed
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (pass_id, period)
);

CREATE TABLE cardpay_webhook_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------
-- Resurfacer maintenance
-- ---------------------------------------------------------------------------

CREATE TABLE work_orders (
    id                 uuid PRIMARY KEY,
    request_key        text NOT NULL,
    resurfacer_id      text NOT NULL REFERENCES resurfacers (id),
    summary            text NOT NULL,
    priority           text NOT NULL DEFAULT 'normal',
    status             text NOT NULL DEFAULT 'open', -- open | dispatched | in_progress | completed
    contractor_job_id  text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    dispatched_at      timestamptz,
    completed_at       timestamptz,
    CONSTRAINT work_orders_request_key UNIQUE (request_key)
);

CREATE TABLE work_order_dispatch_attempts (
    id             text PRIMARY KEY,
    work_order_id  uuid NOT NULL REFERENCES work_orders (id),
    attempt        integer NOT NULL,
    outcome        text NOT NULL,
    detail         text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contractor_events (
    event_id       text PRIMARY KEY,
    work_order_id  uuid NOT NULL REFERENCES work_orders (id),
    kind           text NOT NULL,
    received_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE work_order_notes (
    id             uuid PRIMARY KEY,
    work_order_id  uuid NOT NULL REFERENCES work_orders (id),
    author         text NOT NULL,
    body           text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------
-- Task outbox (relayed to asynq by rinkworker)
-- ---------------------------------------------------------------------------

CREATE TABLE task_outbox (
    id           uuid PRIMARY KEY,
    task_type    text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    enqueued_at  timestamptz
);

CREATE INDEX task_outbox_pending_idx ON task_outbox (created_at) WHERE enqueued_at IS NULL;
