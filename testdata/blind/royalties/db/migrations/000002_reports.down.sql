DROP TABLE IF EXISTS advances;
DROP TABLE IF EXISTS report_reconciliations;
DROP TABLE IF EXISTS play_corrections_applied;
DROP TABLE IF EXISTS play_lines;
DROP TABLE IF EXISTS play_reports;
