CREATE TABLE invoices (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    contract_id   uuid NOT NULL REFERENCES contracts (id),
    period        text NOT NULL,
    amount_cents  bigint NOT NULL,
    sent_at       timestamptz,
    UNIQUE (contract_id, period)
);

CREATE TABLE processed_events (
    consumer      text NOT NULL,
    event_id      text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE faults (
    id             uuid PRIMARY KEY,
    controller_id  text NOT NULL,
    lift_id        uuid NOT NULL REFERENCES lifts (id),
    code           text NOT NULL,
    severity       int NOT NULL,
    event_id       text NOT NULL,
    raised_at      timestamptz NOT NULL,
    cleared_at     timestamptz
);

CREATE TABLE fault_resolutions (
    id          uuid PRIMARY KEY,
    fault_id    uuid NOT NULL REFERENCES faults (id),
    event_id    text NOT NULL,
    cleared_at  timestamptz NOT NULL
);

CREATE TABLE controller_status (
    controller_id  text PRIMARY KEY,
    state          text NOT NULL,
    door_cycles    bigint NOT NULL DEFAULT 0,
    last_seen_at   timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

CREATE TABLE firmware_reports (
    id             bigserial PRIMARY KEY,
    controller_id  text NOT NULL,
    report_seq     bigint NOT NULL,
    version        text NOT NULL,
    reported_at    timestamptz NOT NULL,
    UNIQUE (controller_id, report_seq)
);
