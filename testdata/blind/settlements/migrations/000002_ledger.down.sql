DROP TABLE IF EXISTS reconciliation_snapshots;
DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS trust_transfers;
DROP TABLE IF EXISTS fee_transfers;
DROP TABLE IF EXISTS journal_lines;
DROP TABLE IF EXISTS journal_entries;
DROP TABLE IF EXISTS ledger_accounts;
