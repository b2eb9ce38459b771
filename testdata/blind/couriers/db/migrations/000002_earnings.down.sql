DROP TABLE IF EXISTS tip_pool_shares;
DROP TABLE IF EXISTS bonus_earnings;
DROP TABLE IF EXISTS earning_adjustments;
DROP TABLE IF EXISTS tips;
DROP TABLE IF EXISTS delivery_earnings;
