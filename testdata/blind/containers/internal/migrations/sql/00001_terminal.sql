-- +goose Up
CREATE TABLE vessel_calls (
    id                 uuid PRIMARY KEY,
    vessel_imo         text NOT NULL,
    voyage_no          text NOT NULL,
    vessel_name        text NOT NULL,
    line_code          text NOT NULL,
    eta                timestamptz NOT NULL,
    etd                timestamptz NOT NULL,
    berth              text NOT NULL DEFAULT '',
    berth_from         timestamptz,
    berth_to           timestamptz,
    berth_confirmed_at timestamptz,
    status             text NOT NULL DEFAULT 'planned',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT vessel_calls_voyage_uq UNIQUE (vessel_imo, voyage_no)
);


CREATE TABLE yard_blocks (
    id       text PRIMARY KEY,
    capacity integer NOT NULL,
    occupied integer NOT NULL DEFAULT 0,
    reefer   boolean NOT NULL DEFAULT false
);

CREATE TABLE yard_slots (
    id           text PRIMARY KEY,
    block_id     text NOT NULL REFERENCES yard_blocks (id),
    bay          integer NOT NULL,
    row_no       integer NOT NULL,
    tier         integer NOT NULL,
    status       text NOT NULL DEFAULT 'free',
    container_no text,
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yard_slots_free_idx ON yard_slots (block_id, status);

CREATE TABLE containers (
    container_no   text PRIMARY KEY,
    line_code      text NOT NULL,
    iso_type       text NOT NULL,
    status         text NOT NULL,
    reefer         boolean NOT NULL DEFAULT false,
    reefer_plugged boolean NOT NULL DEFAULT false,
    customs_status text NOT NULL DEFAULT 'none',
    yard_slot_id   text REFERENCES yard_slots (id),
    gated_in_at    timestamptz,
    gated_out_at   timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE yard_allocations (
    id           uuid PRIMARY KEY,
    container_no text NOT NULL,
    slot_id      text NOT NULL REFERENCES yard_slots (id),
    block_id     text NOT NULL,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    released_at  timestamptz
);

CREATE TABLE appointment_windows (
    id        text PRIMARY KEY,
    starts_at timestamptz NOT NULL,
    ends_at   timestamptz NOT NULL,
    capacity  integer NOT NULL,
    booked    integer NOT NULL DEFAULT 0,
    CONSTRAINT appointment_windows_capacity_ck CHECK (booked <= capacity)
);

CREATE TABLE truck_appointments (
    id           uuid PRIMARY KEY,
    window_id    text NOT NULL REFERENCES appointment_windows (id),
    haulier_code text NOT NULL,
    truck_plate  text NOT NULL,
    driver_phone text NOT NULL DEFAULT '',
    container_no text NOT NULL,
    kind         text NOT NULL,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX truck_appointments_container_idx ON truck_appointments (container_no, status);

-- +goose Down
DROP TABLE truck_appointments;
DROP TABLE appointment_windows;
DROP TABLE yard_allocations;
DROP TABLE containers;
DROP TABLE yard_slots;
DROP TABLE yard_blocks;
DROP TABLE vessel_calls;
