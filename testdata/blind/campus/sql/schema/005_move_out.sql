CREATE TABLE move_out_inspections (
    id                 TEXT PRIMARY KEY,
    assignment_id      TEXT NOT NULL UNIQUE REFERENCES room_assignments (id),
    inspector          TEXT NOT NULL,
    notes              TEXT NOT NULL DEFAULT '',
    total_damage_cents BIGINT NOT NULL DEFAULT 0 CHECK (total_damage_cents >= 0),
    inspected_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE damage_charges (
    id            TEXT PRIMARY KEY,
    inspection_id TEXT NOT NULL REFERENCES move_out_inspections (id),
    item_code     TEXT NOT NULL,
    description   TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL CHECK (amount_cents >= 0),
    UNIQUE (inspection_id, item_code)
);

-- Charges against the card on file for damage beyond the held deposit.
CREATE TABLE damage_card_charges (
    id                  TEXT PRIMARY KEY,
    inspection_id       TEXT NOT NULL REFERENCES move_out_inspections (id),
    amount_cents        BIGINT NOT NULL CHECK (amount_cents > 0),
    processor_charge_id TEXT NOT NULL UNIQUE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rekey_orders (
    id               TEXT PRIMARY KEY,
    assignment_id    TEXT NOT NULL REFERENCES room_assignments (id),
    room_id          TEXT NOT NULL REFERENCES rooms (id),
    locksmith_job_id TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
