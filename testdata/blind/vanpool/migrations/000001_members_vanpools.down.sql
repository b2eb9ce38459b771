DROP TABLE IF EXISTS idempotency_keys;
DROP TABLE IF EXISTS vanpool_riders;
DROP TABLE IF EXISTS vanpools;
DROP TABLE IF EXISTS members;
