DROP TABLE IF EXISTS payment_events;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS sms_deliveries;
DROP TABLE IF EXISTS family_messages;
