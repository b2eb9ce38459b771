DROP TABLE IF EXISTS refunds;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS charge_attempts;
DROP TABLE IF EXISTS ride_charges;
DROP TABLE IF EXISTS ride_passes;
DROP TABLE IF EXISTS pass_plans;
