DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS charge_attempts;
DROP TABLE IF EXISTS payments;
DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS copy_orders;
DROP TABLE IF EXISTS booking_charges;
