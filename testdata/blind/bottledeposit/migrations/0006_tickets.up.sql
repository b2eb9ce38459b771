-- Kiosk fault tickets handled with the field-service partner.

CREATE TABLE fault_tickets (
    id                        bigserial PRIMARY KEY,
    fault_event_id            text UNIQUE,
    kiosk_id                  text NOT NULL REFERENCES kiosks (id),
    shop_id                   text NOT NULL REFERENCES shops (id),
    fault_code                text NOT NULL,
    severity                  text NOT NULL,
    partner_ticket_id         text UNIQUE,
    status                    text NOT NULL DEFAULT 'open',
    opened_at                 timestamptz NOT NULL DEFAULT now(),
    cleared_at                timestamptz
);

CREATE INDEX fault_tickets_kiosk_idx ON fault_tickets (kiosk_id, status);

CREATE TABLE service_visits (
    id                        text PRIMARY KEY,
    partner_ticket_id         text NOT NULL,
    window_start              timestamptz NOT NULL,
    window_end                timestamptz NOT NULL,
    status                    text NOT NULL DEFAULT 'booked',
    created_at                timestamptz NOT NULL DEFAULT now()
);
