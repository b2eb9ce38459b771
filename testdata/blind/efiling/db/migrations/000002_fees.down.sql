DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS fee_reconciliation_items;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS fee_adjustments;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS payments;
