ALTER TABLE pickups DROP CONSTRAINT IF EXISTS pickups_carrier_dock_date_key;
DROP INDEX IF EXISTS payment_attempts_open_invoice_key;
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_event_destination_key;
ALTER TABLE storage_charges DROP CONSTRAINT IF EXISTS storage_charges_merchant_period_key;
ALTER TABLE handling_charges DROP CONSTRAINT IF EXISTS handling_charges_order_fee_key;
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_merchant_external_ref_key;
CREATE INDEX orders_merchant_ref_idx ON orders (merchant_id, external_ref);
