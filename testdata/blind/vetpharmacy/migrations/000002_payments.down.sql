DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS payment_attempts;
DROP TABLE IF EXISTS payments;
