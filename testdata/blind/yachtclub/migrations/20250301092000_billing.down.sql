DROP TABLE IF EXISTS outbox_events;
DROP TABLE IF EXISTS processed_events;
--bun:split
DROP TABLE IF EXISTS ledger_postings;
DROP TABLE IF EXISTS statements;
DROP TABLE IF EXISTS statement_runs;
--bun:split
DROP TABLE IF EXISTS dues_invoices;
