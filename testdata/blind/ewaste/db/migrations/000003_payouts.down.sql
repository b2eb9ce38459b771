DROP TABLE IF EXISTS store_credit_accounts;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS payout_attempts;
DROP TABLE IF EXISTS payouts;
