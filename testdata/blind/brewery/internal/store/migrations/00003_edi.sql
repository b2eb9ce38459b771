-- +goose Up
CREATE SEQUENCE edi_control_number_seq START 100000001 MAXVALUE 999999999 CYCLE;

CREATE TABLE edi_purchase_orders (
    id           TEXT PRIMARY KEY,
    partner_id   TEXT        NOT NULL,
    po_number    TEXT        NOT NULL,
    order_id     UUID        NOT NULL REFERENCES orders (id),
    raw          JSONB       NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT edi_purchase_orders_partner_po_uniq UNIQUE (partner_id, po_number)
);

CREATE TABLE edi_outbound_documents (
    id              TEXT PRIMARY KEY,
    partner_id      TEXT        NOT NULL,
    ref_id          TEXT        NOT NULL,
    doc_type        TEXT        NOT NULL CHECK (doc_type IN ('855', '856', '810')),
    control_number  BIGINT      NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'rejected')),
    partner_ref     TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at         TIMESTAMPTZ,
    CONSTRAINT edi_outbound_ref_doc_uniq UNIQUE (ref_id, doc_type),
    CONSTRAINT edi_outbound_control_uniq UNIQUE (partner_id, control_number)
);

-- +goose Down
DROP TABLE edi_outbound_documents;
DROP TABLE edi_purchase_orders;
DROP SEQUENCE edi_control_number_seq;
