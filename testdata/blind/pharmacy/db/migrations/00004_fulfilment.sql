-- +goose Up
-- +goose StatementBegin
CREATE TABLE inventory_items (
    ndc        TEXT PRIMARY KEY,
    drug_name  TEXT        NOT NULL,
    on_hand    INTEGER     NOT NULL DEFAULT 0,
    reserved   INTEGER     NOT NULL DEFAULT 0,
    unit_cents BIGINT      NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE inventory_adjustments (
    id         UUID PRIMARY KEY,
    ndc        TEXT        NOT NULL REFERENCES inventory_items (ndc),
    delta      INTEGER     NOT NULL,
    reason     TEXT        NOT NULL,
    reference  TEXT,
    created_by TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX inventory_adjustments_reference_key ON inventory_adjustments (reference) WHERE reference IS NOT NULL;

CREATE TABLE wholesaler_receipts (
    id           UUID PRIMARY KEY,
    asn_number   TEXT        NOT NULL,
    line_number  INTEGER     NOT NULL,
    ndc          TEXT        NOT NULL,
    quantity     INTEGER     NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    posted_at    TIMESTAMPTZ,
    posted_run   UUID,
    CONSTRAINT wholesaler_receipts_asn_line_key UNIQUE (asn_number, line_number)
);

CREATE TABLE reconciliation_runs (
    id           UUID PRIMARY KEY,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ,
    lines_posted INTEGER     NOT NULL DEFAULT 0,
    status       TEXT        NOT NULL DEFAULT 'running'
);

CREATE TABLE shipments (
    id                 UUID PRIMARY KEY,
    order_id           UUID        NOT NULL REFERENCES orders (id),
    status             TEXT        NOT NULL DEFAULT 'pending',
    courier_booking_id TEXT,
    tracking_url       TEXT,
    attempts           INTEGER     NOT NULL DEFAULT 0,
    ship_to_line1      TEXT        NOT NULL,
    ship_to_city       TEXT        NOT NULL,
    ship_to_postal     TEXT        NOT NULL,
    cold_chain         BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatched_at      TIMESTAMPTZ,
    delivered_at       TIMESTAMPTZ,
    CONSTRAINT shipments_order_key UNIQUE (order_id)
);

CREATE TABLE shipment_bookings (
    id                 BIGSERIAL PRIMARY KEY,
    shipment_id        UUID        NOT NULL REFERENCES shipments (id),
    client_reference   TEXT        NOT NULL,
    courier_booking_id TEXT        NOT NULL,
    kind               TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE courier_events (
    event_id    TEXT PRIMARY KEY,
    shipment_id UUID        NOT NULL,
    status      TEXT        NOT NULL,
    payload     JSONB       NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE courier_events;
DROP TABLE shipment_bookings;
DROP TABLE shipments;
DROP TABLE reconciliation_runs;
DROP TABLE wholesaler_receipts;
DROP TABLE inventory_adjustments;
DROP TABLE inventory_items;
-- +goose StatementEnd
