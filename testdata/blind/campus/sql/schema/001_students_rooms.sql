-- Students, buildings and beds. Identifiers are ULID strings minted by the
-- application (see internal/ids).

CREATE TABLE students (
    id                TEXT PRIMARY KEY,
    campus_id         TEXT NOT NULL UNIQUE,
    email             TEXT NOT NULL,
    full_name         TEXT NOT NULL,
    phone             TEXT,
    card_token        TEXT,
    payout_account_id TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE buildings (
    id   TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
);

CREATE TABLE rooms (
    id            TEXT PRIMARY KEY,
    building_id   TEXT NOT NULL REFERENCES buildings (id),
    number        TEXT NOT NULL,
    rekey_pending BOOLEAN NOT NULL DEFAULT false,
    UNIQUE (building_id, number)
);

CREATE TABLE beds (
    id      TEXT PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms (id),
    label   TEXT NOT NULL,
    status  TEXT NOT NULL DEFAULT 'available'
        CHECK (status IN ('available', 'occupied', 'offline')),
    UNIQUE (room_id, label)
);
