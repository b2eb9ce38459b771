ALTER TABLE bookings DROP COLUMN reminder_sent_at;
