DROP TABLE IF EXISTS processed_events;
DROP TABLE IF EXISTS user_contacts;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS accounts;
