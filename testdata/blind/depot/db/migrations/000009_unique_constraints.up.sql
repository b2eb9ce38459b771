-- Backfilled after the 2024 duplicate-order cleanup.
DROP INDEX IF EXISTS orders_merchant_ref_idx;
ALTER TABLE orders
    ADD CONSTRAINT orders_merchant_external_ref_key UNIQUE (merchant_id, external_ref);

ALTER TABLE handling_charges
    ADD CONSTRAINT handling_charges_order_fee_key UNIQUE (order_id, fee_code);

ALTER TABLE storage_charges
    ADD CONSTRAINT storage_charges_merchant_period_key UNIQUE (merchant_id, period);

ALTER TABLE outbox
    ADD CONSTRAINT outbox_event_destination_key UNIQUE (event_id, destination);

CREATE UNIQUE INDEX payment_attempts_open_invoice_key
    ON payment_attempts (invoice_id) WHERE status IN ('pending', 'succeeded');

ALTER TABLE pickups
    ADD CONSTRAINT pickups_carrier_dock_date_key UNIQUE (carrier, dock, pickup_date);
