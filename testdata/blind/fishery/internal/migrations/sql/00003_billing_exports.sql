-- +goose Up
CREATE TABLE invoices (
    id           uuid PRIMARY KEY,
    number       text NOT NULL UNIQUE,
    vessel_id    uuid NOT NULL REFERENCES vessels(id),
    kind         text NOT NULL,
    source_ref   text NOT NULL DEFAULT '',
    period       text NOT NULL DEFAULT '',
    amount_minor bigint NOT NULL,
    currency     text NOT NULL,
    status       text NOT NULL,
    charge_id    text NOT NULL DEFAULT '',
    due_at       timestamptz NOT NULL,
    paid_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invoices_landing_fee_uq ON invoices (source_ref) WHERE kind = 'landing_fee';
CREATE UNIQUE INDEX invoices_overage_uq ON invoices (vessel_id, period, source_ref) WHERE kind = 'overage_penalty';

CREATE TABLE payment_attempts (
    id              uuid PRIMARY KEY,
    invoice_id      uuid NOT NULL REFERENCES invoices(id),
    idempotency_key text NOT NULL,
    charge_id       text NOT NULL DEFAULT '',
    outcome         text NOT NULL,
    error           text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE export_certificates (
    id              uuid PRIMARY KEY,
    number          text NOT NULL UNIQUE,
    exporter_id     uuid NOT NULL,
    client_ref      text NOT NULL,
    catch_lot_id    uuid NOT NULL REFERENCES catch_lots(id),
    weight_kg       bigint NOT NULL,
    dest_country    text NOT NULL,
    consignment_ref text NOT NULL DEFAULT '',
    declaration_ref text NOT NULL DEFAULT '',
    status          text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (exporter_id, client_ref)
);
CREATE INDEX export_certificates_decl_idx ON export_certificates (declaration_ref);

CREATE TABLE processed_events (
    consumer     text NOT NULL,
    event_id     text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE outbox (
    id            uuid PRIMARY KEY,
    task_type     text NOT NULL,
    payload       jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    dispatched_at timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE dispatched_at IS NULL;

-- +goose Down
DROP TABLE outbox;
DROP TABLE processed_events;
DROP TABLE export_certificates;
DROP TABLE payment_attempts;
DROP TABLE invoices;
