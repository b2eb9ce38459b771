DROP TABLE IF EXISTS customs_filings;
DROP TABLE IF EXISTS carrier_bookings;
