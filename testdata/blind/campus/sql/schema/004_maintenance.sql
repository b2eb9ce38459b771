CREATE TABLE contractors (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    trade             TEXT NOT NULL,
    network_vendor_id TEXT NOT NULL UNIQUE,
    payout_account_id TEXT NOT NULL,
    oncall_phone      TEXT
);

CREATE TABLE maintenance_requests (
    id            TEXT PRIMARY KEY,
    student_id    TEXT NOT NULL REFERENCES students (id),
    room_id       TEXT NOT NULL REFERENCES rooms (id),
    category      TEXT NOT NULL,
    priority      TEXT NOT NULL CHECK (priority IN ('routine', 'urgent', 'emergency')),
    description   TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'dispatched', 'accepted', 'scheduled', 'completed', 'cancelled')),
    contractor_id TEXT REFERENCES contractors (id),
    work_order_id TEXT UNIQUE,
    paged_at      TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX maintenance_requests_room_idx ON maintenance_requests (room_id, created_at DESC);

CREATE TABLE contractor_visits (
    work_order_id TEXT PRIMARY KEY,
    request_id    TEXT NOT NULL REFERENCES maintenance_requests (id),
    scheduled_for TIMESTAMPTZ NOT NULL,
    technician    TEXT,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE contractor_invoices (
    id             TEXT PRIMARY KEY,
    request_id     TEXT NOT NULL REFERENCES maintenance_requests (id),
    work_order_id  TEXT NOT NULL,
    contractor_id  TEXT NOT NULL REFERENCES contractors (id),
    invoice_number TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents >= 0),
    status         TEXT NOT NULL DEFAULT 'approved'
        CHECK (status IN ('approved', 'paid', 'rejected')),
    payout_id      TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX contractor_invoices_work_order_idx ON contractor_invoices (work_order_id);

-- Every message pulled from the contractor-status queue, one row per receive.
CREATE TABLE contractor_message_log (
    id             TEXT PRIMARY KEY,
    sqs_message_id TEXT NOT NULL,
    work_order_id  TEXT,
    event_type     TEXT NOT NULL,
    receive_count  INTEGER NOT NULL,
    body           JSONB NOT NULL,
    received_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX contractor_message_log_msg_idx ON contractor_message_log (sqs_message_id);
