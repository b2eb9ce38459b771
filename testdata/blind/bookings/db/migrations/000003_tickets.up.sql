CREATE TABLE tickets (
    ticket_number     TEXT PRIMARY KEY,
    booking_id        UUID        NOT NULL REFERENCES bookings (id),
    partner_ref       TEXT        NOT NULL DEFAULT '',
    pdf_url           TEXT        NOT NULL DEFAULT '',
    status            TEXT        NOT NULL DEFAULT 'issued',
    reissued_from     TEXT,
    issued_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX tickets_booking_idx ON tickets (booking_id);
