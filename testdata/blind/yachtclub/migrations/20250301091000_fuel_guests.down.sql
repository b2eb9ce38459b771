DROP TABLE IF EXISTS notification_attempts;
DROP TABLE IF EXISTS guest_booking_refunds;
DROP TABLE IF EXISTS guest_bookings;
DROP TABLE IF EXISTS guest_berth_inventory;
--bun:split
DROP TABLE IF EXISTS fuel_dispenses;
DROP TABLE IF EXISTS fuel_purchases;
