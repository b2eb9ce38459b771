DROP TABLE IF EXISTS accessorial_charges;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS payments;
DROP TABLE IF EXISTS invoices;
