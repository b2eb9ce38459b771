DROP TABLE IF EXISTS email_log;
DROP TABLE IF EXISTS adjustments;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS statement_lines;
DROP TABLE IF EXISTS statements;
