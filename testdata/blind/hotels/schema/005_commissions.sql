CREATE TABLE commission_payments (
    channel       TEXT        NOT NULL,
    invoice_ref   TEXT        NOT NULL,
    property_id   TEXT        NOT NULL,
    amount_minor  BIGINT      NOT NULL,
    currency      CHAR(3)     NOT NULL,
    receipt_ref   TEXT        NOT NULL,
    paid_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (channel, invoice_ref)
);

CREATE TABLE relocations (
    id                UUID PRIMARY KEY,
    reservation_id    UUID        NOT NULL REFERENCES reservations (id),
    partner_property  TEXT        NOT NULL,
    partner_booking   TEXT        NOT NULL,
    reason            TEXT        NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
