CREATE TABLE payment_events (event_id TEXT PRIMARY KEY, kind TEXT NOT NULL);
CREATE TABLE account_events (event_id TEXT PRIMARY KEY, kind TEXT NOT NULL);
CREATE TABLE dispute_events (event_id TEXT PRIMARY KEY, kind TEXT NOT NULL);
CREATE TABLE plates (id TEXT PRIMARY KEY, state TEXT NOT NULL, number TEXT, CONSTRAINT plates_key UNIQUE (state, number));
CREATE TABLE payout_confirmations (payout_id TEXT PRIMARY KEY);
