DROP TABLE IF EXISTS autorecharge_settings;
DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS carrier_attempts;
DROP TABLE IF EXISTS topups;
DROP TABLE IF EXISTS customers;
