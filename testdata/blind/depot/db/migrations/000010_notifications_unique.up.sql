ALTER TABLE consignee_notifications
    ADD CONSTRAINT consignee_notifications_shipment_kind_key UNIQUE (shipment_id, kind);

CREATE INDEX returns_order_idx ON returns (order_id);
