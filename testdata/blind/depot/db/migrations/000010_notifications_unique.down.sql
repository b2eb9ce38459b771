DROP INDEX IF EXISTS returns_order_idx;
ALTER TABLE consignee_notifications DROP CONSTRAINT IF EXISTS consignee_notifications_shipment_kind_key;
