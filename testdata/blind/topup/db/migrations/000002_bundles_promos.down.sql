DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS promo_redemptions;
DROP TABLE IF EXISTS promo_codes;
DROP TABLE IF EXISTS bundle_orders;
DROP TABLE IF EXISTS bundles;
