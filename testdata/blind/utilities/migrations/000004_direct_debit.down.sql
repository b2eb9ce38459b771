DROP TABLE IF EXISTS dd_collections;
DROP TABLE IF EXISTS mandates;
