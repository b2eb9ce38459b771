DROP TABLE IF EXISTS processed_events;
DROP TABLE IF EXISTS payouts;
DROP TABLE IF EXISTS developer_balances;
DROP TABLE IF EXISTS developer_earnings;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS purchase_orders;
DROP TABLE IF EXISTS idempotency_keys;
