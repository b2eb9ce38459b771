-- The tables the activities write.
CREATE TABLE acknowledgements (
	id text PRIMARY KEY,
	claim_id text NOT NULL,
	control_number text NOT NULL UNIQUE
);

-- One application of an allocation to an advance.
CREATE TABLE applications (
	advance_id text NOT NULL,
	allocation_id text NOT NULL,
	UNIQUE (advance_id, allocation_id)
);

-- One inspection per assignment, under an ID of its own.
CREATE TABLE inspections (
	id text PRIMARY KEY,
	assignment_id text NOT NULL UNIQUE
);
