CREATE TABLE families (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE family_contacts (
    id          TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL REFERENCES families (id),
    name        TEXT NOT NULL,
    phone       TEXT NOT NULL,
    sms_opt_in  BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE INDEX family_contacts_family_idx ON family_contacts (family_id);

CREATE TABLE plots (
    id                  TEXT PRIMARY KEY,
    section             TEXT NOT NULL,
    row_label           TEXT NOT NULL,
    position            INT  NOT NULL,
    status              TEXT NOT NULL DEFAULT 'available',
    owner_family_id     TEXT REFERENCES families (id),
    held_by_reservation TEXT,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (section, row_label, position)
);

CREATE TABLE reservations (
    id                        TEXT PRIMARY KEY,
    request_key               TEXT NOT NULL UNIQUE,
    plot_id                   TEXT NOT NULL REFERENCES plots (id),
    family_id                 TEXT NOT NULL REFERENCES families (id),
    status                    TEXT NOT NULL DEFAULT 'pending_deposit',
    deposit_cents             BIGINT NOT NULL,
    stripe_customer_id        TEXT,
    stripe_payment_intent_id  TEXT UNIQUE,
    stripe_refund_id          TEXT,
    cancel_reason             TEXT,
    created_at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at                TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX reservations_status_created_idx ON reservations (status, created_at);

CREATE TABLE plot_transfers (
    id               TEXT PRIMARY KEY,
    plot_id          TEXT NOT NULL REFERENCES plots (id),
    transfer_number  TEXT NOT NULL UNIQUE,
    from_family_id   TEXT NOT NULL REFERENCES families (id),
    to_family_id     TEXT NOT NULL REFERENCES families (id),
    recorded_by      TEXT NOT NULL,
    recorded_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
