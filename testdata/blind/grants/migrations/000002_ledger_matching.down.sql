DROP TABLE IF EXISTS consumer_inbox;
DROP TABLE IF EXISTS match_allocations;
DROP TABLE IF EXISTS matching_offers;
DROP TABLE IF EXISTS ledger_entries;
