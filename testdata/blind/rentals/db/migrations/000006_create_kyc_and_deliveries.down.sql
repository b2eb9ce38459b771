DROP TABLE IF EXISTS delivery_events;
DROP TABLE IF EXISTS deliveries;
DROP TABLE IF EXISTS kyc_results;
DROP TABLE IF EXISTS kyc_verifications;
