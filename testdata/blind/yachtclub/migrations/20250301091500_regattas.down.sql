DROP TABLE IF EXISTS regatta_results;
DROP TABLE IF EXISTS regatta_entries;
DROP TABLE IF EXISTS regattas;
