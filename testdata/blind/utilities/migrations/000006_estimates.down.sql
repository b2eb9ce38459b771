DROP TABLE IF EXISTS estimate_audit;
DROP TABLE IF EXISTS estimated_readings;
