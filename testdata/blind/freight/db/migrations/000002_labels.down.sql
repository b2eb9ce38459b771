DROP TABLE IF EXISTS customs_filings;
DROP TABLE IF EXISTS pickups;
DROP TABLE IF EXISTS return_labels;
DROP TABLE IF EXISTS labels;
DROP TABLE IF EXISTS label_operations;
