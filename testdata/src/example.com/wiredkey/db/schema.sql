CREATE TABLE tickets (
	id       text PRIMARY KEY,
	event_id text NOT NULL
);
