DROP TABLE IF EXISTS fee_settlements;
DROP TABLE IF EXISTS ledger_adjustment_keys;
DROP TABLE IF EXISTS postings;
DROP TABLE IF EXISTS journal_entries;
DROP TABLE IF EXISTS ledger_accounts;
