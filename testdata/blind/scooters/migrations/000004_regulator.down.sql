DROP TABLE IF EXISTS incidents;
DROP TABLE IF EXISTS trip_report_batches;
