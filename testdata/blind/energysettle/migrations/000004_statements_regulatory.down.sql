DROP TABLE IF EXISTS filing_amendments;
DROP TABLE IF EXISTS regulatory_filings;
DROP TABLE IF EXISTS statement_disputes;
DROP TABLE IF EXISTS statements;
