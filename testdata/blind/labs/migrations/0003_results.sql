-- Results, publication to partners, alerts and notifications.

CREATE TABLE results (
    id                  text PRIMARY KEY,
    order_id            text NOT NULL REFERENCES orders(id),
    lis_result_id       text NOT NULL UNIQUE,
    test_code           text NOT NULL,
    value               text NOT NULL,
    units               text,
    reference_range     text,
    flag                text NOT NULL DEFAULT 'N',
    status              text NOT NULL DEFAULT 'final',
    version             integer NOT NULL DEFAULT 1,
    performed_by        text,
    finalized_at        timestamptz NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX results_order_idx ON results (order_id);

CREATE TABLE result_publications (
    result_id       text NOT NULL REFERENCES results(id),
    version         integer NOT NULL,
    partner_id      text NOT NULL REFERENCES partners(id),
    status          text NOT NULL DEFAULT 'pending',
    attempts        integer NOT NULL DEFAULT 0,
    delivered_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (result_id, version)
);

CREATE TABLE critical_alerts (
    id                  uuid PRIMARY KEY,
    result_id           text NOT NULL UNIQUE REFERENCES results(id),
    recipient_phone     text NOT NULL,
    provider_message_id text,
    status              text NOT NULL DEFAULT 'pending',
    escalation_level    integer NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    sent_at             timestamptz,
    acknowledged_at     timestamptz
);

CREATE TABLE patient_notifications (
    id                  uuid PRIMARY KEY,
    order_id            text NOT NULL REFERENCES orders(id),
    kind                text NOT NULL,
    phone               text NOT NULL,
    status              text NOT NULL DEFAULT 'pending',
    provider_message_id text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    sent_at             timestamptz,
    UNIQUE (order_id, kind)
);

CREATE TABLE inbound_events (
    partner_id      text NOT NULL REFERENCES partners(id),
    event_id        text NOT NULL,
    event_type      text NOT NULL,
    payload         jsonb NOT NULL,
    received_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (partner_id, event_id)
);
