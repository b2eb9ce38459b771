DROP TABLE IF EXISTS processed_stream_events;
DROP TABLE IF EXISTS fuel_webhook_events;
DROP TABLE IF EXISTS fuel_transactions;
DROP TABLE IF EXISTS fuel_declines;
DROP TABLE IF EXISTS fuel_reversals;
DROP TABLE IF EXISTS fuel_authorizations;
DROP TABLE IF EXISTS fuel_budgets;
DROP TABLE IF EXISTS fuel_cards;
