DROP TABLE IF EXISTS broadcasts;
DROP TABLE IF EXISTS reminder_deliveries;
