DROP TABLE IF EXISTS guest_entries;
DROP TABLE IF EXISTS guest_passes;
DROP TABLE IF EXISTS guest_allowances;
DROP TABLE IF EXISTS waitlist_promotions;
DROP TABLE IF EXISTS waitlist_entries;
DROP TABLE IF EXISTS class_bookings;
DROP TABLE IF EXISTS class_sessions;
