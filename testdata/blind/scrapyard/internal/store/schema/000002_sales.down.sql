DROP TABLE IF EXISTS mill_settlements;
DROP TABLE IF EXISTS carrier_bookings;
DROP TABLE IF EXISTS loads;
DROP TABLE IF EXISTS sales_contracts;
DROP TABLE IF EXISTS mills;
