ALTER TABLE bookings
    ADD COLUMN reminder_sent_at DATETIME(6) NULL AFTER note;
