-- Door events, incidents, maintenance and partner webhooks.

CREATE TABLE door_audit (
    event_id        text PRIMARY KEY,
    locker_id       text        NOT NULL,
    compartment_id  text        NOT NULL,
    event_type      text        NOT NULL,
    occurred_at     timestamptz NOT NULL,
    payload         jsonb       NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE incidents (
    id              uuid PRIMARY KEY,
    locker_id       text        NOT NULL,
    compartment_id  text,
    kind            text        NOT NULL,
    source_event    text,
    severity        text        NOT NULL,
    occurred_at     timestamptz NOT NULL,
    resolved_at     timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE maintenance_tickets (
    id              text PRIMARY KEY,
    compartment_id  text        NOT NULL REFERENCES compartments (id),
    fault_code      text        NOT NULL,
    status          text        NOT NULL DEFAULT 'open',
    detail          text,
    opened_at       timestamptz NOT NULL DEFAULT now(),
    closed_at       timestamptz
);

CREATE UNIQUE INDEX maintenance_tickets_open ON maintenance_tickets (compartment_id, fault_code) WHERE status = 'open';

CREATE TABLE webhook_deliveries (
    event_id      text PRIMARY KEY,
    partner_id    text        NOT NULL,
    event_type    text        NOT NULL,
    status_code   int         NOT NULL,
    delivered_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE return_notices (
    shipment_id   uuid PRIMARY KEY REFERENCES shipments (id),
    partner_id    text        NOT NULL,
    reason        text        NOT NULL,
    delivered_at  timestamptz
);
