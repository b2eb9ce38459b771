DROP TABLE IF EXISTS payout_items;
DROP TABLE IF EXISTS payouts;
DROP TABLE IF EXISTS payment_event_log;
DROP TABLE IF EXISTS payment_events;
DROP TABLE IF EXISTS refund_requests;
DROP TABLE IF EXISTS payments;
DROP TABLE IF EXISTS mandates;
