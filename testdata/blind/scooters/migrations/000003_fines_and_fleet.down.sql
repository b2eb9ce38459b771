DROP TABLE IF EXISTS telematics_inbox;
DROP TABLE IF EXISTS telemetry_samples;
DROP TABLE IF EXISTS battery_swaps;
DROP TABLE IF EXISTS swap_jobs;
DROP TABLE IF EXISTS fines;
