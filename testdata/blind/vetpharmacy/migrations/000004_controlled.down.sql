DROP TABLE IF EXISTS stock_count_sheets;
DROP TABLE IF EXISTS regulator_daily_returns;
DROP TABLE IF EXISTS controlled_register;
