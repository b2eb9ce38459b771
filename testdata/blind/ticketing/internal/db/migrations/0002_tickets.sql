-- Tickets, transfers, deliveries and gate scans.

CREATE TABLE tickets (
    id                text PRIMARY KEY,
    order_id          text NOT NULL REFERENCES orders (id),
    event_id          text NOT NULL REFERENCES events (id),
    seat_id           text NOT NULL,
    owner_fan_id      text NOT NULL REFERENCES fans (id),
    owner_version     integer NOT NULL DEFAULT 0,
    barcode           text NOT NULL UNIQUE,
    status            text NOT NULL DEFAULT 'valid', -- valid | void
    first_scanned_at  timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, seat_id)
);

CREATE TABLE ticket_transfers (
    id           text PRIMARY KEY,
    ticket_id    text NOT NULL REFERENCES tickets (id),
    from_fan_id  text NOT NULL REFERENCES fans (id),
    to_email     text NOT NULL,
    to_fan_id    text REFERENCES fans (id),
    status       text NOT NULL DEFAULT 'pending', -- pending | accepted | cancelled | expired
    created_at   timestamptz NOT NULL DEFAULT now(),
    accepted_at  timestamptz
);
CREATE INDEX ticket_transfers_ticket_idx ON ticket_transfers (ticket_id, status);

CREATE TABLE ticket_deliveries (
    ticket_id            text NOT NULL REFERENCES tickets (id),
    channel              text NOT NULL, -- email | sms
    request_ref          text NOT NULL, -- issue | transfer:<id> | resend:<request id>
    destination          text NOT NULL,
    status               text NOT NULL DEFAULT 'pending', -- pending | sent | failed
    provider_message_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz,
    PRIMARY KEY (ticket_id, channel, request_ref)
);

-- Online scans streamed from turnstile readers.
CREATE TABLE gate_scans (
    id          text PRIMARY KEY,
    ticket_id   text REFERENCES tickets (id),
    barcode     text NOT NULL,
    gate_id     text NOT NULL,
    device_id   text NOT NULL,
    result      text NOT NULL, -- admitted | duplicate | invalid
    scanned_at  timestamptz NOT NULL
);
CREATE INDEX gate_scans_ticket_idx ON gate_scans (ticket_id);

-- Scans uploaded in batches by handhelds that were offline.
CREATE TABLE offline_scans (
    id          text PRIMARY KEY,
    device_id   text NOT NULL,
    device_seq  bigint NOT NULL,
    barcode     text NOT NULL,
    gate_id     text NOT NULL,
    scanned_at  timestamptz NOT NULL,
    UNIQUE (device_id, device_seq)
);
