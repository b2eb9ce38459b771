-- The tables of naturalkey/schema: their keys decide which columns are
-- the rows' identities.
CREATE TABLE imports (
	order_id text PRIMARY KEY,
	source text NOT NULL
);

CREATE TABLE audit (
	seq bigserial PRIMARY KEY,
	id text NOT NULL,
	action text NOT NULL
);

CREATE TABLE members (
	member_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	email text NOT NULL UNIQUE,
	name text NOT NULL
);

CREATE TABLE deliveries (
	message_id text NOT NULL,
	shard int NOT NULL,
	UNIQUE (message_id, shard)
);

-- One filing per shipment, beside a key the database makes.
CREATE TABLE customs_filings (
	id bigserial PRIMARY KEY,
	shipment_id text NOT NULL UNIQUE,
	broker text NOT NULL
);

CREATE TABLE pickups (
	id bigserial PRIMARY KEY,
	order_id text NOT NULL,
	CONSTRAINT pickups_order UNIQUE (order_id)
);

CREATE TABLE labels (
	id bigserial PRIMARY KEY,
	shipment_id text NOT NULL
);
CREATE UNIQUE INDEX labels_shipment ON labels (shipment_id);

-- One intent per order and purpose.
CREATE TABLE payment_intents (
	id bigserial PRIMARY KEY,
	order_id text NOT NULL,
	purpose text NOT NULL,
	UNIQUE (order_id, purpose)
);

-- Every try of a notice is its own row.
CREATE TABLE notices (
	id bigserial PRIMARY KEY,
	order_id text NOT NULL,
	try_no bigint NOT NULL,
	UNIQUE (order_id, try_no)
);

-- Many events per shipment.
CREATE TABLE tracking (
	id bigserial PRIMARY KEY,
	shipment_id text NOT NULL
);

-- A patient is one per clinic and record number: the key a conflict
-- clause for clinic_id must name is both columns.
CREATE TABLE enrolments (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	clinic_id text NOT NULL,
	mrn text NOT NULL,
	CONSTRAINT enrolments_clinic_mrn UNIQUE (clinic_id, mrn)
);

-- An audit trail kept once per door event, by the event's ID; and a log
-- of delivery attempts, one row each.
CREATE TABLE door_audit (
	event_id text PRIMARY KEY,
	locker_id text NOT NULL
);

CREATE TABLE delivery_attempts (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	order_id text NOT NULL
);
CREATE TABLE sms_receipts (
    id text PRIMARY KEY,
    status text NOT NULL
);

-- An acknowledgement under an ID of its own and the control number its
-- sender gives it, which names it.
CREATE TABLE acknowledgements (
	id text PRIMARY KEY,
	control_number text NOT NULL UNIQUE,
	status text NOT NULL
);

-- A subscriber under an ID of its own, with an email unique by the
-- domain's rule.
CREATE TABLE subscribers (
	id text PRIMARY KEY,
	email text NOT NULL UNIQUE
);
