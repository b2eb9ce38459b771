DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS balance_adjustments;
DROP TABLE IF EXISTS charges;
DROP TABLE IF EXISTS envelope_credits;
DROP TABLE IF EXISTS usage_records;
