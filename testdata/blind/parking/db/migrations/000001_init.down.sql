DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS notification_prefs;
DROP TABLE IF EXISTS zones;
DROP TABLE IF EXISTS vehicles;
DROP TABLE IF EXISTS accounts;
