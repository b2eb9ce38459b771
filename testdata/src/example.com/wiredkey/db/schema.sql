CREATE TABLE tickets (
	id       text PRIMARY KEY,
	event_id text NOT NULL
);

CREATE TABLE filings (
	id         bigserial PRIMARY KEY,
	shipment_id text NOT NULL UNIQUE
);

-- A tag's events, one per sequence number of its stream.
CREATE TABLE tag_events (
	id     bigserial PRIMARY KEY,
	serial text NOT NULL,
	seq    bigint NOT NULL,
	CONSTRAINT tag_events_serial_seq UNIQUE (serial, seq)
);

-- A shop's day, closed once.
CREATE TABLE closings (
	id           bigserial PRIMARY KEY,
	shop_id      text NOT NULL,
	period_start timestamptz NOT NULL,
	CONSTRAINT closings_shop_period UNIQUE (shop_id, period_start)
);

-- An account's vehicles, one row per plate.
CREATE TABLE fleet_vehicles (
	id         bigserial PRIMARY KEY,
	account_id text NOT NULL,
	plate      text NOT NULL,
	nickname   text NOT NULL,
	CONSTRAINT fleet_vehicles_account_plate_key UNIQUE (account_id, plate)
);

CREATE TABLE vehicle_tags (
	id    bigserial PRIMARY KEY,
	vehicle_id text NOT NULL,
	tag_id     text NOT NULL,
	UNIQUE (vehicle_id, tag_id)
);

-- A vehicle's inspections: the first one once, whatever its row's ID.
CREATE TABLE vehicle_inspections (
	id         uuid PRIMARY KEY,
	vehicle_id text NOT NULL,
	kind       text NOT NULL,
	UNIQUE (vehicle_id, kind)
);

-- A vehicle's events: one of each kind.
CREATE TABLE vehicle_events (
	id         uuid PRIMARY KEY,
	vehicle_id text NOT NULL,
	kind       text NOT NULL,
	CONSTRAINT vehicle_events_vehicle_kind_key UNIQUE (vehicle_id, kind)
);

-- Widgets, under their own IDs.
CREATE TABLE gen_widgets (
	id   text PRIMARY KEY,
	name text NOT NULL
);

-- Orders, keyed by the merchant's reference, and their lines.
CREATE TABLE gen_orders (
	id       text PRIMARY KEY,
	merchant text NOT NULL,
	ref      text NOT NULL,
	UNIQUE (merchant, ref)
);

CREATE TABLE gen_order_lines (
	order_id text NOT NULL,
	line_no  int NOT NULL,
	sku      text NOT NULL,
	PRIMARY KEY (order_id, line_no)
);

-- A dispute's escalation: one per dispute, under an ID of its own.
CREATE TABLE gen_escalations (
	id         text PRIMARY KEY,
	dispute_id text NOT NULL UNIQUE
);
