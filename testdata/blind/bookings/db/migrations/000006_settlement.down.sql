DROP TABLE IF EXISTS settlement_acks;
DROP TABLE IF EXISTS settlement_lines;
DROP TABLE IF EXISTS settlement_batches;
