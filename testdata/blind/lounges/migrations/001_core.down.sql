DROP TABLE IF EXISTS day_passes;
DROP TABLE IF EXISTS payment_cards;
DROP TABLE IF EXISTS membership_cancellations;
DROP TABLE IF EXISTS memberships;
DROP TABLE IF EXISTS plans;
DROP TABLE IF EXISTS lounges;
DROP TABLE IF EXISTS members;
