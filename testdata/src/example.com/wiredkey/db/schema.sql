CREATE TABLE tickets (
	id       text PRIMARY KEY,
	event_id text NOT NULL
);

CREATE TABLE filings (
	id         bigserial PRIMARY KEY,
	shipment_id text NOT NULL UNIQUE
);
