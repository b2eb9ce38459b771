-- +goose Up
CREATE TABLE airlines (
    id            uuid PRIMARY KEY,
    code          varchar(3) NOT NULL UNIQUE,
    name          text NOT NULL,
    billing_email text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contracts (
    id                    uuid PRIMARY KEY,
    airline_id            uuid NOT NULL REFERENCES airlines(id),
    station               varchar(3) NOT NULL,
    currency              varchar(3) NOT NULL,
    valid_from            date NOT NULL,
    valid_to              date,
    minimum_monthly_cents bigint NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contract_rates (
    id               uuid PRIMARY KEY,
    contract_id      uuid NOT NULL REFERENCES contracts(id),
    service_code     text NOT NULL,
    unit_price_cents bigint NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (contract_id, service_code)
);

CREATE TABLE flights (
    id             uuid PRIMARY KEY,
    airline_id     uuid NOT NULL REFERENCES airlines(id),
    carrier        varchar(3) NOT NULL,
    flight_number  text NOT NULL,
    scheduled_date date NOT NULL,
    dep_station    varchar(3) NOT NULL,
    arr_station    varchar(3) NOT NULL,
    sta            timestamptz,
    std            timestamptz,
    eta            timestamptz,
    registration   text NOT NULL DEFAULT '',
    status         text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT flights_natural_key UNIQUE (carrier, flight_number, scheduled_date, dep_station)
);

CREATE TABLE turnarounds (
    id            uuid PRIMARY KEY,
    flight_id     uuid NOT NULL UNIQUE REFERENCES flights(id),
    airline_id    uuid NOT NULL REFERENCES airlines(id),
    station       varchar(3) NOT NULL,
    stand         text NOT NULL DEFAULT '',
    status        text NOT NULL,
    on_block_at   timestamptz,
    off_block_at  timestamptz,
    bags_loaded   integer NOT NULL DEFAULT 0,
    signed_off_at timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crew_members (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    phone      text NOT NULL,
    role       text NOT NULL,
    station    varchar(3) NOT NULL,
    status     text NOT NULL DEFAULT 'available',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tasks (
    id               uuid PRIMARY KEY,
    turnaround_id    uuid NOT NULL REFERENCES turnarounds(id),
    kind             text NOT NULL,
    service_code     text NOT NULL,
    status           text NOT NULL,
    assigned_crew_id uuid REFERENCES crew_members(id),
    completed_at     timestamptz,
    completed_by     uuid,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_turnaround_idx ON tasks (turnaround_id);

CREATE TABLE task_events (
    id          uuid PRIMARY KEY,
    task_id     uuid NOT NULL REFERENCES tasks(id),
    device_id   text NOT NULL,
    kind        text NOT NULL,
    note        text NOT NULL DEFAULT '',
    recorded_at timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crew_assignments (
    id             uuid PRIMARY KEY,
    turnaround_id  uuid NOT NULL REFERENCES turnarounds(id),
    crew_member_id uuid NOT NULL REFERENCES crew_members(id),
    role           text NOT NULL,
    released_at    timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crew_callouts (
    id             uuid PRIMARY KEY,
    turnaround_id  uuid NOT NULL REFERENCES turnarounds(id),
    crew_member_id uuid NOT NULL REFERENCES crew_members(id),
    message        text NOT NULL,
    provider_ref   text NOT NULL DEFAULT '',
    claim_key      text UNIQUE,
    sent_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE baggage_loads (
    id            uuid PRIMARY KEY,
    turnaround_id uuid NOT NULL REFERENCES turnarounds(id),
    uld           text NOT NULL DEFAULT '',
    bags          integer NOT NULL,
    loaded_by     text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE signoffs (
    id            uuid PRIMARY KEY,
    turnaround_id uuid NOT NULL REFERENCES turnarounds(id),
    signed_by     text NOT NULL,
    loadsheet_ref text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT signoffs_turnaround_key UNIQUE (turnaround_id)
);

CREATE TABLE flight_delays (
    id         uuid PRIMARY KEY,
    flight_id  uuid NOT NULL REFERENCES flights(id),
    message_id text NOT NULL,
    delay_code text NOT NULL,
    minutes    integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (flight_id, message_id)
);

-- +goose Down
DROP TABLE flight_delays;
DROP TABLE signoffs;
DROP TABLE baggage_loads;
DROP TABLE crew_callouts;
DROP TABLE crew_assignments;
DROP TABLE task_events;
DROP TABLE tasks;
DROP TABLE crew_members;
DROP TABLE turnarounds;
DROP TABLE flights;
DROP TABLE contract_rates;
DROP TABLE contracts;
DROP TABLE airlines;
