-- Gate access codes, gate events, overlocks.

CREATE TABLE access_codes (
    rental_id   text PRIMARY KEY REFERENCES rentals(id),
    unit_id     text NOT NULL REFERENCES units(id),
    pin         text NOT NULL,
    version     int NOT NULL DEFAULT 1,
    partner_ref text,
    synced_at   timestamptz,
    revoked_at  timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX access_codes_partner_ref ON access_codes (partner_ref) WHERE partner_ref IS NOT NULL;

CREATE TABLE gate_events (
    event_id    text PRIMARY KEY,
    site_id     text NOT NULL,
    door_id     text,
    unit_id     text,
    rental_id   text,
    kind        text NOT NULL,
    pin_last4   text,
    occurred_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gate_events_unit ON gate_events (unit_id, occurred_at);

CREATE TABLE gate_alerts (
    id          text PRIMARY KEY,
    event_id    text NOT NULL UNIQUE,
    rental_id   text NOT NULL REFERENCES rentals(id),
    kind        text NOT NULL,
    notified_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE incidents (
    id              text PRIMARY KEY,
    unit_id         text NOT NULL REFERENCES units(id),
    rental_id       text,
    kind            text NOT NULL,
    source_event_id text,
    status          text NOT NULL DEFAULT 'open',
    opened_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incidents_unit_open ON incidents (unit_id) WHERE status = 'open';

CREATE TABLE door_state (
    unit_id       text PRIMARY KEY REFERENCES units(id),
    state         text NOT NULL,
    changed_at    timestamptz NOT NULL,
    last_event_id text NOT NULL
);

CREATE TABLE overlocks (
    id                 text PRIMARY KEY,
    unit_id            text NOT NULL REFERENCES units(id),
    rental_id          text NOT NULL REFERENCES rentals(id),
    reason             text NOT NULL,
    placed_by          text NOT NULL,
    partner_lockout_id text,
    placed_at          timestamptz NOT NULL DEFAULT now(),
    released_at        timestamptz
);
CREATE UNIQUE INDEX overlocks_one_active_per_unit ON overlocks (unit_id) WHERE released_at IS NULL;
