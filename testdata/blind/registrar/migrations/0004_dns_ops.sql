-- +migrate Up
CREATE TABLE dns_zones (
    domain_id        uuid PRIMARY KEY REFERENCES domains (id),
    provider_zone_id text NOT NULL UNIQUE,
    status           text NOT NULL DEFAULT 'pending',
    activated_at     timestamptz,
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dns_records (
    id                 uuid PRIMARY KEY,
    domain_id          uuid NOT NULL REFERENCES domains (id),
    provider_record_id text NOT NULL UNIQUE,
    rr_type            text NOT NULL,
    rr_name            text NOT NULL,
    content            text NOT NULL,
    ttl                int NOT NULL,
    priority           int,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dns_records_domain_idx ON dns_records (domain_id);

CREATE TABLE dns_zone_events (
    event_id         text PRIMARY KEY,
    provider_zone_id text NOT NULL,
    kind             text NOT NULL,
    payload          jsonb NOT NULL,
    received_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    notification_key text PRIMARY KEY,
    account_id       uuid NOT NULL REFERENCES accounts (id),
    kind             text NOT NULL,
    claimed_at       timestamptz NOT NULL DEFAULT now(),
    sent_at          timestamptz
);

CREATE TABLE expiry_reminders (
    domain_id   uuid NOT NULL REFERENCES domains (id),
    expires_on  date NOT NULL,
    days_before int NOT NULL,
    sent_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (domain_id, expires_on, days_before)
);

CREATE TABLE reconciliation_runs (
    run_date    date PRIMARY KEY,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    checked     int NOT NULL DEFAULT 0,
    mismatches  int NOT NULL DEFAULT 0
);

CREATE TABLE reconciliation_items (
    run_date       date NOT NULL REFERENCES reconciliation_runs (run_date),
    domain_name    text NOT NULL,
    field          text NOT NULL,
    local_value    text,
    registry_value text,
    PRIMARY KEY (run_date, domain_name, field)
);

-- +migrate Down
DROP TABLE reconciliation_items;
DROP TABLE reconciliation_runs;
DROP TABLE expiry_reminders;
DROP TABLE notifications;
DROP TABLE dns_zone_events;
DROP TABLE dns_records;
DROP TABLE dns_zones;
