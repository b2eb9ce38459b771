CREATE TABLE funded_hours_claims (
    id           uuid PRIMARY KEY,
    child_id     uuid NOT NULL REFERENCES children (id),
    nursery_id   uuid NOT NULL REFERENCES nurseries (id),
    term         text NOT NULL,
    hours        numeric(6, 2) NOT NULL,
    status       text NOT NULL DEFAULT 'draft',
    council_ref  text NOT NULL DEFAULT '',
    submitted_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT funded_hours_claims_child_term_key UNIQUE (child_id, term)
);

CREATE TABLE message_broadcasts (
    id         text PRIMARY KEY,
    nursery_id uuid NOT NULL REFERENCES nurseries (id),
    channel    text NOT NULL,
    subject    text NOT NULL DEFAULT '',
    body       text NOT NULL,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE parent_messages (
    id           text PRIMARY KEY,
    broadcast_id text NOT NULL REFERENCES message_broadcasts (id),
    family_id    uuid NOT NULL REFERENCES families (id),
    channel      text NOT NULL,
    recipient    text NOT NULL,
    subject      text NOT NULL DEFAULT '',
    body         text NOT NULL,
    status       text NOT NULL DEFAULT 'queued',
    provider_ref text NOT NULL DEFAULT '',
    sent_at      timestamptz
);

CREATE TABLE ratio_readings (
    device_id        text NOT NULL,
    reading_seq      bigint NOT NULL,
    room_id          uuid NOT NULL REFERENCES rooms (id),
    children_present integer NOT NULL,
    staff_present    integer NOT NULL,
    recorded_at      timestamptz NOT NULL,
    PRIMARY KEY (device_id, reading_seq)
);

CREATE TABLE ratio_alerts (
    id               uuid PRIMARY KEY,
    room_id          uuid NOT NULL REFERENCES rooms (id),
    device_id        text NOT NULL,
    reading_seq      bigint NOT NULL,
    children_present integer NOT NULL,
    staff_present    integer NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);
