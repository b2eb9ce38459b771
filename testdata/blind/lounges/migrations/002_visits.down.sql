DROP TABLE IF EXISTS outbox_events;
DROP TABLE IF EXISTS card_redemptions;
DROP TABLE IF EXISTS access_attempts;
DROP TABLE IF EXISTS visits;
DROP TABLE IF EXISTS airline_eligibility;
DROP TABLE IF EXISTS airline_partners;
