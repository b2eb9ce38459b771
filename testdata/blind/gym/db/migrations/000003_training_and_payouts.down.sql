DROP TABLE IF EXISTS trainer_payouts;
DROP TABLE IF EXISTS trainer_earnings;
DROP TABLE IF EXISTS pt_transfers;
DROP TABLE IF EXISTS pt_redemptions;
DROP TABLE IF EXISTS pt_bookings;
DROP TABLE IF EXISTS pt_packs;
DROP TABLE IF EXISTS trainers;
