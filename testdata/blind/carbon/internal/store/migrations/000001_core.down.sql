DROP TABLE IF EXISTS serial_cancellations;
DROP TABLE IF EXISTS serial_blocks;
DROP TABLE IF EXISTS credit_batches;
DROP TABLE IF EXISTS accounts;
DROP TABLE IF EXISTS project_status_events;
DROP TABLE IF EXISTS projects;
DROP TABLE IF EXISTS developers;
