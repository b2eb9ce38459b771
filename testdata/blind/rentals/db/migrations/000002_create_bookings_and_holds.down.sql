DROP TABLE IF EXISTS availability_holds;
DROP TABLE IF EXISTS bookings;
