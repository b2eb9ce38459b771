DROP TABLE IF EXISTS dock_checkins;
DROP TABLE IF EXISTS dock_reservations;
DROP TABLE IF EXISTS dock_slots;
