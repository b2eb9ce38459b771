DROP TABLE IF EXISTS waitlist_entries;
DROP TABLE IF EXISTS berth_assignments;
DROP TABLE IF EXISTS berths;
