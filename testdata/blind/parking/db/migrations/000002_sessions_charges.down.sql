DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS charge_attempts;
DROP TABLE IF EXISTS charges;
DROP TABLE IF EXISTS settlement_batches;
DROP TABLE IF EXISTS parking_sessions;
