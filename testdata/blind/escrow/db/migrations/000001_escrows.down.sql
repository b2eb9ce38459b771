DROP TABLE IF EXISTS release_transfers;
DROP TABLE IF EXISTS stripe_events;
DROP TABLE IF EXISTS receipt_confirmations;
DROP TABLE IF EXISTS escrow_events;
DROP TABLE IF EXISTS escrows;
