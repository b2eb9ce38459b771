DROP TABLE IF EXISTS stock_movements;
DROP TABLE IF EXISTS inventory_levels;
DROP TABLE IF EXISTS skus;
DROP TABLE IF EXISTS merchants;
