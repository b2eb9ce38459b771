-- +goose Up
CREATE TABLE landings (
    id             uuid PRIMARY KEY,
    port_code      text NOT NULL,
    declaration_no text NOT NULL,
    vessel_id      uuid NOT NULL REFERENCES vessels(id),
    trip_id        text NOT NULL DEFAULT '',
    landed_at      timestamptz NOT NULL,
    source         text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (port_code, declaration_no)
);

CREATE TABLE landing_lines (
    id           uuid PRIMARY KEY,
    landing_id   uuid NOT NULL REFERENCES landings(id),
    species      text NOT NULL,
    area         text NOT NULL,
    presentation text NOT NULL DEFAULT 'WHL',
    weight_kg    bigint NOT NULL
);

CREATE TABLE catch_lots (
    id          uuid PRIMARY KEY,
    landing_id  uuid NOT NULL REFERENCES landings(id),
    species     text NOT NULL,
    weight_kg   bigint NOT NULL,
    reserved_kg bigint NOT NULL DEFAULT 0,
    exported_kg bigint NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (reserved_kg + exported_kg <= weight_kg)
);

CREATE TABLE trip_summaries (
    trip_id        text PRIMARY KEY,
    vessel_id      uuid NOT NULL REFERENCES vessels(id),
    departed_at    timestamptz NOT NULL,
    returned_at    timestamptz NOT NULL,
    haul_count     integer NOT NULL DEFAULT 0,
    total_catch_kg bigint NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE port_calls (
    id         uuid PRIMARY KEY,
    vessel_id  uuid NOT NULL REFERENCES vessels(id),
    port_code  text NOT NULL,
    eta        timestamptz NOT NULL,
    berth_ref  text NOT NULL DEFAULT '',
    purpose    text NOT NULL,
    status     text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (vessel_id, port_code, eta)
);

CREATE TABLE observer_reports (
    id           uuid PRIMARY KEY,
    observer_id  uuid NOT NULL,
    vessel_id    uuid NOT NULL REFERENCES vessels(id),
    trip_id      text NOT NULL,
    haul_no      integer NOT NULL,
    observed_at  timestamptz NOT NULL,
    bycatch_kg   bigint NOT NULL DEFAULT 0,
    discard_kg   bigint NOT NULL DEFAULT 0,
    infringement boolean NOT NULL DEFAULT false,
    notes        text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX observer_reports_trip_idx ON observer_reports (trip_id, haul_no);

-- +goose Down
DROP TABLE observer_reports;
DROP TABLE port_calls;
DROP TABLE trip_summaries;
DROP TABLE catch_lots;
DROP TABLE landing_lines;
DROP TABLE landings;
